import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Who is looking at a private file bound to its viewer. Pages show such files in <img src> and plain links, which
 * carry no Authorization header, so signed-in API answers leave this cookie: `{userId}.{expires}.{HMAC}`, HttpOnly,
 * SameSite=Strict. It is no API credential; it only lets /media/private/ tell the link's user from anybody else.
 */
export const VIEWER_COOKIE = 'media_viewer';
/** How long a cookie lasts; a new one is sent once less than half is left. */
export const VIEWER_COOKIE_SECONDS = 1800;
/** A bound link lasts at most this long, so that the cookie sent with it (renewed at half life) outlives it. */
export const MAX_BOUND_LINK_SECONDS = VIEWER_COOKIE_SECONDS / 2;

const VALUE = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

const setCookie = (value: string, maxAge: number, secure: boolean) => `${VIEWER_COOKIE}=${value}; Max-Age=${maxAge}; Path=/; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;

export function viewerCookies(options: { secret: string; now: () => number }) {
  const key = createHmac('sha256', options.secret).update('storage: viewer cookie').digest();
  const sign = (userId: string, expires: string) => createHmac('sha256', key).update(`${userId}.${expires}`).digest();
  const seconds = () => Math.floor(options.now() / 1000);

  /** The cookie's user and expiry while it is ours and unexpired; null otherwise. */
  function read(header: string | undefined) {
    const raw = header
      ?.split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${VIEWER_COOKIE}=`))
      ?.slice(VIEWER_COOKIE.length + 1);
    const match = raw ? VALUE.exec(raw) : null;
    if (!match) return null;
    const [, userId, expires, signature] = match as unknown as [string, string, string, string];
    const given = Buffer.from(signature, 'base64url');
    const expected = sign(userId, expires);
    if (given.length !== expected.length || !timingSafeEqual(given, expected) || Number(expires) < seconds()) return null;
    return { userId: Number(userId), expires: Number(expires) };
  }

  return {
    /** The user a request's Cookie header names, or null. */
    viewerOf: (header: string | undefined) => read(header)?.userId ?? null,

    /** A Set-Cookie value for this user, or null when the request's cookie is theirs with more than half its life left. */
    renewal(header: string | undefined, userId: number, secure: boolean): string | null {
      const current = read(header);
      if (current?.userId === userId && current.expires - seconds() > MAX_BOUND_LINK_SECONDS) return null;
      const expires = String(seconds() + VIEWER_COOKIE_SECONDS);
      const value = `${userId}.${expires}.${sign(String(userId), expires).toString('base64url')}`;
      return setCookie(value, VIEWER_COOKIE_SECONDS, secure);
    },

    /** A Set-Cookie value that removes the cookie (its user signed out). */
    cleared: (secure: boolean) => setCookie('', 0, secure),
  };
}
export type ViewerCookies = ReturnType<typeof viewerCookies>;
