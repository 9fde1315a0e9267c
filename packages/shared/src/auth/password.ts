import { authMessages } from './messages';

const PASSWORD_MIN_LENGTH = 8;

/**
 * First broken password rule, or undefined. Spec 1 §5: required, at least 8 characters,
 * and a value of digits only is refused (letters-only passes: the spec names digits only).
 */
export function passwordProblem(value: string | undefined | null): string | undefined {
  if (!value) return authMessages.passwordRequired;
  if (value.length < PASSWORD_MIN_LENGTH) return authMessages.passwordTooShort;
  if (/^\d+$/.test(value)) return authMessages.passwordDigitsOnly;
  return undefined;
}
