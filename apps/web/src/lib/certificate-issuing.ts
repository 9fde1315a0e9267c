/**
 * A certificate is issued by a background job a moment after the change that makes it due (the course finished,
 * the statement signed). A page that leads to My Certificates right then says so, and when, in the navigation
 * state; My Certificates then watches for the new card for a while instead of showing a list that lacks it.
 */
export const certificateIssuingState = () => ({ certificateIssuingSince: Date.now() });

/** When the certificate was asked for (the browser's clock), or null when none is on its way. */
export function certificateIssuingSince(state: unknown): number | null {
  const since = typeof state === 'object' && state !== null ? (state as { certificateIssuingSince?: unknown }).certificateIssuingSince : undefined;
  return typeof since === 'number' ? since : null;
}
