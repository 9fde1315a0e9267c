import { describe, expect, it } from 'vitest';
import { profileMessages } from '@school/shared/account/messages';
import { sessionMessages } from '@school/shared/auth/messages';
import { ApiError } from '@/lib/api-error';
import { uploadError } from './upload-error';

describe('uploadError', () => {
  it("says 'Something went wrong.' for an answer that is not JSON", () => {
    expect(uploadError(new ApiError(502, null))).toBe(profileMessages.photoFailed);
    expect(uploadError(new TypeError('Failed to fetch'))).toBe(profileMessages.photoFailed);
  });
  it("gives the generic text for a server error and the server's words otherwise", () => {
    expect(uploadError(new ApiError(500, { detail: 'x' }))).toBe(sessionMessages.genericServerError);
    expect(uploadError(new ApiError(413, { photo: ['The photo is too large (at most 5 MB).'] }))).toBe('The photo is too large (at most 5 MB).');
  });
});
