import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Authenticated encryption (AES-256-GCM) under a key derived from SECRET_KEY, for secrets that must rest
 * in the database for a while, e.g. a reset link waiting in the job queue. Every process shares SECRET_KEY,
 * so any of them can open what another sealed; a changed key makes old boxes unreadable (open throws).
 */
export function sealer(secret: string, purpose: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, '', `seal:${purpose}`, 32));
  return {
    seal(value: unknown): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open<T>(sealed: string): T {
      const raw = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')) as T;
    },
  };
}
