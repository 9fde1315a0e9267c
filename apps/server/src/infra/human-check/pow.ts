import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import type { Challenge, Solution } from 'altcha-lib/types';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { OneTimeStore } from '../store/one-time-store';
import type { HumanCheck } from './human-check';

const TTL_SECONDS = 600;

/**
 * Self-hosted proof of work (ALTCHA): the browser finds a counter whose derived key matches the signed
 * prefix. The challenge signature is claimed once so that a solved token cannot be replayed.
 */
export function powHumanCheck(options: { secret: string; cost: number; store: OneTimeStore }): HumanCheck {
  const hmacSignatureSecret = `${options.secret}:challenge`;
  const hmacKeySignatureSecret = `${options.secret}:key`;
  return {
    provider: 'pow',
    siteKey: null,
    challenge: () =>
      createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        counter: randomInt(Math.floor(options.cost / 2), options.cost),
        deriveKey,
        expiresAt: new Date(Date.now() + TTL_SECONDS * 1000),
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      }),
    async verify(token) {
      const payload = decode(token);
      if (!payload?.challenge.signature) return false;
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      }).catch(() => ({ verified: false }));
      return result.verified && options.store.claim(`pow:${payload.challenge.signature}`, TTL_SECONDS);
    },
  };
}

function decode(token: string | undefined): { challenge: Challenge; solution: Solution } | null {
  if (!token || token.length > 8192) return null;
  try {
    const value = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
    const ok =
      value && typeof value === 'object' && value.challenge?.parameters && typeof value.solution?.counter === 'number';
    return ok ? value : null;
  } catch {
    return null;
  }
}
