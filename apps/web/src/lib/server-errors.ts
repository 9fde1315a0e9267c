import { sessionMessages } from '@school/shared/auth/messages';
import { ApiError } from '@/lib/api-error';

/**
 * Splits a failed call into field errors and a banner (spec 1 §8): 500 gives the generic text,
 * field-keyed messages go under their fields, everything else (non_field_errors, message, detail,
 * or keys the form does not show) becomes the banner; a machine-readable `code` is left out.
 */
export function readServerError(error: unknown, fields: readonly string[], bannerKeys: readonly string[] = []) {
  const fieldErrors: Record<string, string> = {};
  const banner: string[] = [];
  if (!(error instanceof ApiError) || error.status >= 500 || !error.body) {
    return { fieldErrors, banner: sessionMessages.genericServerError };
  }
  for (const [key, value] of Object.entries(error.body)) {
    // `code` is for programs (the server's machine-readable reason beside `detail`), not for people.
    if (key === 'code') continue;
    const text = Array.isArray(value) ? value.join(' ') : String(value);
    if (fields.includes(key) && !bannerKeys.includes(key)) fieldErrors[key] = text;
    else banner.push(text);
  }
  return { fieldErrors, banner: banner.join(' ') || null };
}
