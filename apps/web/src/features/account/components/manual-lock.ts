/**
 * A manual submission stores a 3-day lock per user in local storage (spec 1 §4). The server keeps the same lock
 * (`manual_locked_until`) and is the truth: the stored copy follows its every answer.
 */
const key = (userId: number) => `kyc-manual-lock:${userId}`;

export function keepManualLock(userId: number, until: string | null) {
  if (until) localStorage.setItem(key(userId), until);
  else localStorage.removeItem(key(userId));
}
