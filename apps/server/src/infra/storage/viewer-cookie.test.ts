import { describe, expect, it } from 'vitest';
import { MAX_BOUND_LINK_SECONDS, VIEWER_COOKIE, VIEWER_COOKIE_SECONDS, viewerCookies } from './viewer-cookie';

const secret = 'test-secret-key-that-is-long-enough-0123456789';

describe('viewer cookies', () => {
  it("names its user until it expires, and is renewed for another user or once half spent", () => {
    let now = Date.UTC(2026, 0, 1);
    const cookies = viewerCookies({ secret, now: () => now });
    const set = cookies.renewal(undefined, 7, true)!;
    expect(set).toMatch(new RegExp(`^${VIEWER_COOKIE}=7\\.\\d+\\.[\\w-]{43}; Max-Age=${VIEWER_COOKIE_SECONDS}; Path=/; HttpOnly; SameSite=Strict; Secure$`));
    const header = `theme=dark; ${set.split(';')[0]}`;
    expect(cookies.viewerOf(header)).toBe(7);
    expect(cookies.renewal(header, 7, false)).toBeNull();
    expect(cookies.renewal(header, 8, false)).toMatch(/^media_viewer=8\./);
    now += (VIEWER_COOKIE_SECONDS - MAX_BOUND_LINK_SECONDS + 1) * 1000;
    expect(cookies.viewerOf(header)).toBe(7);
    expect(cookies.renewal(header, 7, false)).toMatch(/^media_viewer=7\./);
    now += MAX_BOUND_LINK_SECONDS * 1000;
    expect(cookies.viewerOf(header)).toBeNull();
  });

  it('refuses an altered or foreign cookie', () => {
    const cookies = viewerCookies({ secret, now: Date.now });
    const value = cookies.renewal(undefined, 7, false)!.split(';')[0]!;
    expect(cookies.viewerOf(value.replace('=7.', '=8.'))).toBeNull();
    expect(viewerCookies({ secret: `${secret}!`, now: Date.now }).viewerOf(value)).toBeNull();
    for (const header of [undefined, '', 'media_viewer=', 'media_viewer=7', `${value}x`]) expect(cookies.viewerOf(header)).toBeNull();
  });
});
