/** Notification badge text: capped at '99+' from 100 on (spec 1 §2). */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count >= 100 ? '99+' : String(count);
}

/** The header switches to its pinned style once scrolled past this many pixels. */
export const HEADER_PIN_OFFSET = 220;
export const TOAST_DURATION_MS = 3000;
export const REGISTRATION_REDIRECT_MS = 2000;
