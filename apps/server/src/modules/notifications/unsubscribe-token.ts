import { createHmac, timingSafeEqual } from 'node:crypto';
import { MAIL_KINDS, type MailKind } from '@school/shared/notifications/kinds';

/**
 * The token of an e-mail's unsubscribe link: `{userId}.{kind}.{HMAC}` under a key derived from SECRET_KEY, so
 * that it works without logging in and cannot be made for another account or kind. It does not expire: an
 * old e-mail's link still turns its kind off.
 */
export function unsubscribeTokens(secret: string) {
  const key = createHmac('sha256', secret).update('notifications: unsubscribe').digest();
  const mac = (claim: string) => createHmac('sha256', key).update(claim).digest();
  return {
    sign(userId: number, kind: MailKind) {
      const claim = `${userId}.${kind}`;
      return `${claim}.${mac(claim).toString('base64url')}`;
    },
    /** The account and kind a token names, or null when it was not made here (altered, truncated, made up). */
    verify(token: string): { userId: number; kind: MailKind } | null {
      const match = /^(\d{1,10})\.([a-z_]+)\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return null;
      const [, id, kind, signature] = match as unknown as [string, string, string, string];
      // Compared as text: a different last character that decodes to the same bytes is refused too.
      const expected = Buffer.from(mac(`${id}.${kind}`).toString('base64url'));
      if (!timingSafeEqual(Buffer.from(signature), expected)) return null;
      if (!(MAIL_KINDS as readonly string[]).includes(kind)) return null;
      return { userId: Number(id), kind: kind as MailKind };
    },
  };
}
