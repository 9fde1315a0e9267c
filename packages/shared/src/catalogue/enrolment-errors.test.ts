import { describe, expect, it } from 'vitest';
import { readEnrolmentError } from './enrolment-errors';

describe('readEnrolmentError', () => {
  it('reads the code and the message of each body shape', () => {
    expect(readEnrolmentError({ detail: 'This course has ended.', code: 'course_ended' })).toEqual({ code: 'course_ended', message: 'This course has ended.' });
    expect(readEnrolmentError({ compliance_period: ['Select a compliance period.'], code: 'compliance_period_required' })).toEqual({ code: 'compliance_period_required', message: 'Select a compliance period.' });
    expect(readEnrolmentError({ non_field_errors: ['No.'], code: 'not_free' })).toEqual({ code: 'not_free', message: 'No.' });
  });

  it('has no code for an unknown one or none, and no message for no body', () => {
    expect(readEnrolmentError({ detail: 'Not found.' })).toEqual({ code: null, message: 'Not found.' });
    expect(readEnrolmentError({ detail: 'Later.', code: 'something_new' })).toEqual({ code: null, message: 'Later.' });
    expect(readEnrolmentError(null)).toEqual({ code: null, message: null });
  });
});
