import { describe, expect, it } from 'vitest';
import { serverMessages } from '@school/shared/auth/messages';
import { forumMessages as m } from '@school/shared/forum/rules';
import { ApiError } from '@/lib/api-error';
import { forumErrorText } from './forum-errors';

describe('forumErrorText (spec 3 §8)', () => {
  it('gives the spec sentence for a 500, a body with nothing to show, or no answer at all', () => {
    for (const error of [new ApiError(500, { detail: 'boom' }), new ApiError(400, {}), new TypeError('Failed to fetch')]) {
      expect(forumErrorText(error)).toBe(m.serverError);
    }
  });
  it("shows the server's body for other statuses", () => {
    expect(forumErrorText(new ApiError(429, { detail: serverMessages.throttled }))).toBe(serverMessages.throttled);
    expect(forumErrorText(new ApiError(403, { detail: 'You cannot vote on your own post.', code: 'own_vote' }))).toBe('You cannot vote on your own post.');
  });
});
