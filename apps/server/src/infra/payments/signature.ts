import { createHmac, timingSafeEqual } from 'node:crypto';

/** How old a callback's timestamp may be: older ones are refused as replays. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const hmac = (secret: string, timestamp: number, rawBody: Buffer | string) =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');

/** A `t=…,v1=…` header (PayMongo's and Stripe's scheme): HMAC-SHA256 of "{t}.{raw body}". */
export function signPayload(secret: string, rawBody: Buffer | string, timestamp = Math.floor(Date.now() / 1000)) {
  return `t=${timestamp},v1=${hmac(secret, timestamp, rawBody)}`;
}

/** Whether the header signs this body with this secret within the tolerance; compared in constant time. */
export function verifySignature(secret: string, rawBody: Buffer, header: string | undefined, signatureKey = 'v1', now = Date.now()): boolean {
  if (!header || header.length > 1000) return false;
  const parts = new Map(header.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const given = parts.get(signatureKey) ?? '';
  if (!Number.isInteger(t) || Math.abs(now / 1000 - t) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(hmac(secret, t, rawBody), 'hex');
  const actual = Buffer.from(given, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
