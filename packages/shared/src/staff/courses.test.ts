import { describe, expect, it } from 'vitest';
import { courseMessages, courseSettingsProblems, coursePatchSchema, defaultCourseSettings, publishProblems, totalUnits, type LessonReadiness } from './courses';

const lesson = (over: Partial<LessonReadiness> & Pick<LessonReadiness, 'type'>): LessonReadiness => ({
  id: 1,
  name: 'Lesson',
  hasFile: false,
  hasUrl: false,
  hasContent: false,
  mediaSeconds: null,
  questions: 0,
  hasSchedule: false,
  ...over,
});

describe('courseSettingsProblems', () => {
  it('asks a pay-later course for a fee, a paid one for a way to pay, and an end after the start', () => {
    expect(courseSettingsProblems({ ...defaultCourseSettings, allow_pay_later: true }, { mcle: false, published: false })).toEqual({ fee: courseMessages.payLaterNeedsFee });
    expect(courseSettingsProblems({ ...defaultCourseSettings, fee: 100, mode_of_payment: [] }, { mcle: false, published: false })).toEqual({ mode_of_payment: courseMessages.feeNeedsMode });
    expect(courseSettingsProblems({ ...defaultCourseSettings, date_start: '2027-01-02', date_end: '2027-01-01' }, { mcle: false, published: false })).toEqual({ date_end: courseMessages.endBeforeStart });
    expect(courseSettingsProblems({ ...defaultCourseSettings, date_start: '2027-01-01', date_end: '2027-01-01' }, { mcle: false, published: false })).toEqual({});
  });

  it("asks a published MCLE school's course for units, not a draft's nor another school's", () => {
    expect(courseSettingsProblems(defaultCourseSettings, { mcle: true, published: true })).toEqual({ mcle_units: courseMessages.mcleNeedsUnits });
    expect(courseSettingsProblems(defaultCourseSettings, { mcle: true, published: false })).toEqual({});
    expect(courseSettingsProblems(defaultCourseSettings, { mcle: false, published: true })).toEqual({});
    expect(courseSettingsProblems({ ...defaultCourseSettings, mcle_units: { adr: 0.25 } }, { mcle: true, published: true })).toEqual({});
  });
});

describe('publishProblems', () => {
  it('lists the settings, an empty outline and every lesson missing what its type needs', () => {
    expect(publishProblems({ ...defaultCourseSettings, allow_pay_later: true }, [], { mcle: false })).toEqual([{ message: courseMessages.payLaterNeedsFee }, { message: courseMessages.noLessons }]);
    const lessons = [
      lesson({ id: 1, type: 'video', hasFile: true }),
      lesson({ id: 2, type: 'yt', hasUrl: true, mediaSeconds: 30 }),
      lesson({ id: 3, type: 'class' }),
      lesson({ id: 4, type: 'survey', questions: 1 }),
      lesson({ id: 5, type: 'html', name: 'Notes' }),
    ];
    expect(publishProblems(defaultCourseSettings, lessons, { mcle: false })).toEqual([
      { lesson: 1, message: 'Lesson: Upload the video.' },
      { lesson: 3, message: 'Lesson: Set the date and time of the live class.' },
      { lesson: 5, message: 'Notes: Write the lesson.' },
    ]);
  });
});

describe('the settings schema', () => {
  it('takes pesos with two decimals at most and adds units exactly', () => {
    expect(coursePatchSchema.safeParse({ fee: 1499.99 }).success).toBe(true);
    expect(coursePatchSchema.safeParse({ fee: 1.001 }).success).toBe(false);
    expect(coursePatchSchema.safeParse({ mode_of_payment: ['cash', 'cash'] }).success).toBe(false);
    expect(coursePatchSchema.parse({ allowed_domains: [' LawFirm.PH '] })).toEqual({ allowed_domains: ['lawfirm.ph'] });
    expect(totalUnits({ legal_ethics: 0.1, adr: 0.2 })).toBe(0.3);
  });
});
