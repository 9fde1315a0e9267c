import { describe, expect, it } from 'vitest';
import { sessionMessages } from '@school/shared/auth/messages';
import { kycMessages as msg } from '@school/shared/kyc/rules';
import type { UserId } from '@school/shared/kyc/schemas';
import { ApiError } from '@/lib/api-error';
import { initialSlots, isDuplicate, readUploadError, submissionProblems, uploadBody, withSecondSlot, type IdSlot } from './kyc-submission';

const IBP = 1;
const PASSPORT = 2;
const saved = (template: number, verified: boolean): UserId => ({ template, photo_id: '/media/private/x', submitted: true, verified, new_id: false });
const slot = (template: number | '', image: string | null = null, kept: UserId | null = null): IdSlot => ({ template: String(template), image, saved: kept });

describe('the ID slots', () => {
  it('start with one empty slot, or the server’s IDs with their kinds and no new photo', () => {
    expect(initialSlots([], IBP)).toEqual([slot('')]);
    expect(initialSlots([saved(IBP, false)], IBP)).toEqual([slot(IBP, null, saved(IBP, false))]);
    expect(initialSlots([saved(PASSPORT, true), saved(IBP, false)], IBP)).toHaveLength(2);
  });

  it('add a second slot for a first ID that is not the primary one, and remove it otherwise (spec 1 §4)', () => {
    expect(withSecondSlot([slot(PASSPORT)], IBP)).toEqual([slot(PASSPORT), slot('')]);
    expect(withSecondSlot([slot(IBP), slot(PASSPORT)], IBP)).toEqual([slot(IBP)]);
    expect(withSecondSlot([slot('')], IBP)).toEqual([slot('')]);
    // Without a primary ID any one ID is enough.
    expect(withSecondSlot([slot(PASSPORT)], null)).toEqual([slot(PASSPORT)]);
    // A second slot already there keeps what was chosen in it.
    const two = [slot(PASSPORT), slot(IBP, 'data:b')];
    expect(withSecondSlot(two, IBP)).toBe(two);
  });
});

describe('the checks on submit (spec 1 §5)', () => {
  it('ask each ID not yet verified for a new photo and its kind, and for a new selfie', () => {
    expect(submissionProblems([slot('')], null)).toEqual({ id0: [msg.idRequired, msg.templateRequired], selfie: [msg.selfieRequired] });
    expect(submissionProblems([slot(PASSPORT, 'data:a'), slot('', 'data:b')], 'data:s')).toEqual({ id1: [msg.templateRequired] });
    // A slot whose ID was sent but not verified needs a new photo too.
    expect(submissionProblems([slot(IBP, null, saved(IBP, false))], 'data:s')).toEqual({ id0: [msg.idRequired] });
    // A verified ID is kept as it is.
    expect(submissionProblems([slot(PASSPORT, null, saved(PASSPORT, true)), slot(IBP, 'data:b')], 'data:s')).toEqual({});
  });

  it('tell the same photo chosen for both IDs', () => {
    const slots = [slot(PASSPORT, 'data:a'), slot(IBP)];
    expect(isDuplicate(slots, 1, 'data:a')).toBe(true);
    expect(isDuplicate(slots, 0, 'data:a')).toBe(false);
    expect(isDuplicate(slots, 1, 'data:b')).toBe(false);
  });
});

describe('the upload', () => {
  it('sends a verified ID without its photo, and submit true for manual verification', () => {
    expect(uploadBody(9, [slot(PASSPORT, null, saved(PASSPORT, true)), slot(IBP, 'data:b')], 'data:s', false)).toEqual({
      school: 9,
      submit: false,
      selfie: 'data:s',
      user_ids: [
        { id: null, template: PASSPORT },
        { id: 'data:b', template: IBP },
      ],
    });
    expect(uploadBody(9, [slot(IBP, 'data:a')], 'data:s', true).submit).toBe(true);
  });

  it('puts field errors under id0, id1 and selfie, and a refusal’s detail above', () => {
    expect(readUploadError(new ApiError(400, { id0: [msg.idRequired, msg.templateRequired], selfie: [msg.duplicateImage] }))).toEqual({
      errors: { id0: [msg.idRequired, msg.templateRequired], selfie: [msg.duplicateImage] },
      banner: null,
    });
    expect(readUploadError(new ApiError(400, { detail: msg.retryLimit, code: 'retry_limit' }))).toEqual({ errors: {}, banner: msg.retryLimit });
    expect(readUploadError(new ApiError(500, { detail: 'boom' }))).toEqual({ errors: {}, banner: sessionMessages.genericServerError });
    expect(readUploadError(new TypeError('Failed to fetch'))).toEqual({ errors: {}, banner: sessionMessages.genericServerError });
  });
});
