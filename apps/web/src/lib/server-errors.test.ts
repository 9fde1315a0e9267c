import { describe, expect, it } from 'vitest';
import { sessionMessages } from '@school/shared/auth/messages';
import { ApiError } from '@/lib/api-error';
import { readServerError } from '@/lib/server-errors';

describe('readServerError', () => {
  it('puts field errors under their fields and the rest in the banner', () => {
    const error = new ApiError(400, { username: ['Taken.'], non_field_errors: ['Nope.'], detail: 'Also.' });
    expect(readServerError(error, ['username', 'email'])).toEqual({ fieldErrors: { username: 'Taken.' }, banner: 'Nope. Also.' });
  });
  it('shows keys the form does not have, or names as banner keys, in the banner', () => {
    expect(readServerError(new ApiError(400, { uid_and_token_b64: ['Expired.'] }), ['password'])).toEqual({ fieldErrors: {}, banner: 'Expired.' });
    expect(readServerError(new ApiError(400, { username: ['Bad.'] }), ['username'], ['username'])).toEqual({ fieldErrors: {}, banner: 'Bad.' });
  });
  it('leaves out the machine-readable code beside a detail', () => {
    expect(readServerError(new ApiError(403, { detail: 'You cannot vote on your own post.', code: 'own_vote' }), [])).toEqual({ fieldErrors: {}, banner: 'You cannot vote on your own post.' });
  });
  it('gives the generic text for a 500, a body that is not JSON, or a network failure', () => {
    for (const error of [new ApiError(500, { detail: 'boom' }), new ApiError(502, null), new TypeError('Failed to fetch')]) {
      expect(readServerError(error, []).banner).toBe(sessionMessages.genericServerError);
    }
  });
});
