/** Failed logins an account may have before each further try must wait. */
export const FREE_LOGIN_FAILURES = 5;
/** The longest wait: an attacker keeps an account slow, never closed for long; a password reset ends it. */
export const MAX_LOGIN_DELAY_SECONDS = 15 * 60;
/** Failures older than this are forgotten, so that a few typos a month never add up. */
export const LOGIN_FAILURE_MEMORY_SECONDS = 24 * 60 * 60;

/** Seconds the next try must wait after `failures` failed ones: none, then 2 s doubling up to the cap. */
export function loginDelaySeconds(failures: number): number {
  if (failures < FREE_LOGIN_FAILURES) return 0;
  return Math.min(MAX_LOGIN_DELAY_SECONDS, 2 ** (failures - FREE_LOGIN_FAILURES + 1));
}
