import { api } from './api-client';
import { getClientConfig } from './client-config';

declare global {
  interface Window {
    grecaptcha?: { ready(cb: () => void): void; execute(key: string, options: { action: string }): Promise<string> };
  }
}

async function solveProofOfWork(): Promise<string> {
  const [{ solveChallenge }, { deriveKey }] = await Promise.all([import('altcha-lib'), import('altcha-lib/algorithms/web/sha')]);
  const challenge = await api<Parameters<typeof solveChallenge>[0]['challenge']>('/human-check/challenge/');
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
  if (!solution) throw new Error('human check timed out');
  return btoa(JSON.stringify({ challenge, solution }));
}

function loadRecaptcha(siteKey: string): Promise<void> {
  if (window.grecaptcha) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('reCAPTCHA did not load'));
    document.head.append(script);
  });
}

/**
 * The `g-recaptcha-response` value for sign up, forgot, reset and resend: a solved proof-of-work
 * challenge by default, or a reCAPTCHA v3 token (action 'submit') when the platform is set up for it.
 */
export async function humanCheckToken(): Promise<string> {
  const config = await getClientConfig();
  if (config.human_check.provider === 'recaptcha' && config.human_check.site_key) {
    const key = config.human_check.site_key;
    await loadRecaptcha(key);
    return new Promise((resolve, reject) => window.grecaptcha!.ready(() => window.grecaptcha!.execute(key, { action: 'submit' }).then(resolve, reject)));
  }
  return solveProofOfWork();
}
