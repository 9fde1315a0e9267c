import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { Config } from '../../config/env';

export interface SocialIdentity {
  provider: 'google' | 'facebook';
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
}

export type SocialVerifier = (token: string) => Promise<SocialIdentity | null>;

/** Google ID tokens: signature against the published keys, issuer, audience and a verified e-mail. */
export function googleVerifier(config: Config): SocialVerifier | null {
  if (!config.GOOGLE_CLIENT_ID) return null;
  const keys = createRemoteJWKSet(new URL(config.GOOGLE_JWKS_URL));
  const issuer = config.GOOGLE_ISSUERS.split(',').map((s) => s.trim());
  return async (token) => {
    const { payload } = await jwtVerify(token, keys, { issuer, audience: config.GOOGLE_CLIENT_ID }).catch(() => ({ payload: null }));
    if (!payload?.sub || typeof payload.email !== 'string' || payload.email_verified !== true) return null;
    return {
      provider: 'google',
      subject: payload.sub,
      email: payload.email,
      firstName: typeof payload.given_name === 'string' ? payload.given_name : '',
      lastName: typeof payload.family_name === 'string' ? payload.family_name : '',
    };
  };
}

/** Facebook access tokens: debug_token with the app's credentials, then the user's id and e-mail. */
export function facebookVerifier(config: Config): SocialVerifier | null {
  if (!config.FACEBOOK_APP_ID || !config.FACEBOOK_APP_SECRET) return null;
  const graph = config.FACEBOOK_GRAPH_URL.replace(/\/$/, '');
  const appToken = `${config.FACEBOOK_APP_ID}|${config.FACEBOOK_APP_SECRET}`;
  const getJson = async (url: string) => {
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) }).catch(() => null);
    return response?.ok ? ((await response.json().catch(() => null)) as Record<string, unknown> | null) : null;
  };
  return async (token) => {
    const debug = await getJson(`${graph}/debug_token?${new URLSearchParams({ input_token: token, access_token: appToken })}`);
    const data = debug?.data as { is_valid?: boolean; app_id?: string; user_id?: string } | undefined;
    if (!data?.is_valid || data.app_id !== config.FACEBOOK_APP_ID) return null;
    const me = await getJson(`${graph}/me?${new URLSearchParams({ fields: 'id,email,first_name,last_name', access_token: token })}`);
    if (!me || typeof me.id !== 'string' || me.id !== data.user_id || typeof me.email !== 'string') return null;
    return {
      provider: 'facebook',
      subject: me.id,
      email: me.email,
      firstName: typeof me.first_name === 'string' ? me.first_name : '',
      lastName: typeof me.last_name === 'string' ? me.last_name : '',
    };
  };
}
