import type { SocialProvider as Provider } from '@school/shared/auth/schemas';
import type { ClientConfig } from '@school/shared/school/schemas';
import { paths } from '@/config/paths';

const STATE_KEY = 'social-sign-in';

/**
 * Social sign-in by redirect (OpenID Connect implicit flow for Google, the OAuth dialog for
 * Facebook): the provider sends the browser back to /login with the token in the fragment. `remember` is the
 * login form's Keep me logged in, kept for the way back (sign-up has no such box and keeps the session).
 */
export function startSocialSignIn(provider: Provider, mode: 'login' | 'signup', config: ClientConfig, remember: boolean) {
  const nonce = crypto.randomUUID();
  sessionStorage.setItem(STATE_KEY, JSON.stringify({ provider, mode, nonce, remember }));
  const redirectUri = `${window.location.origin}${paths.login}`;
  const params: Record<string, string> =
    provider === 'google'
      ? { client_id: config.social.google!.client_id, response_type: 'id_token', scope: 'openid email profile', nonce, redirect_uri: redirectUri, state: nonce }
      : { client_id: config.social.facebook!.app_id, response_type: 'token', scope: 'email', redirect_uri: redirectUri, state: nonce };
  const base = provider === 'google' ? config.social.google!.authorize_url : config.social.facebook!.authorize_url;
  window.location.assign(`${base}?${new URLSearchParams(params)}`);
}

/** The provider's answer in the address fragment, if it matches the sign-in this browser started. */
export function readSocialCallback(hash: string): { provider: Provider; mode: 'login' | 'signup'; token: string; remember: boolean } | null {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const saved = sessionStorage.getItem(STATE_KEY);
  if (!saved || !fragment.get('state')) return null;
  sessionStorage.removeItem(STATE_KEY);
  const state = JSON.parse(saved) as { provider: Provider; mode: 'login' | 'signup'; nonce: string; remember?: boolean };
  if (fragment.get('state') !== state.nonce) return null;
  const token = state.provider === 'google' ? fragment.get('id_token') : fragment.get('access_token');
  return token ? { provider: state.provider, mode: state.mode, token, remember: state.remember ?? true } : null;
}
