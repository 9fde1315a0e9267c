import type { HumanCheck } from './human-check';

/** Google reCAPTCHA v3 (action 'submit'); Google itself refuses a token used twice. */
export function recaptchaHumanCheck(options: {
  siteKey: string;
  secretKey: string;
  verifyUrl: string;
  minScore: number;
}): HumanCheck {
  return {
    provider: 'recaptcha',
    siteKey: options.siteKey,
    challenge: async () => null,
    async verify(token, remoteIp) {
      if (!token) return false;
      const response = await fetch(options.verifyUrl, {
        method: 'POST',
        body: new URLSearchParams({ secret: options.secretKey, response: token, remoteip: remoteIp }),
        signal: AbortSignal.timeout(5000),
      }).catch(() => null);
      if (!response?.ok) return false;
      const result = (await response.json().catch(() => null)) as { success?: boolean; action?: string; score?: number } | null;
      return Boolean(result?.success && result.action === 'submit' && (result.score ?? 0) >= options.minScore);
    },
  };
}
