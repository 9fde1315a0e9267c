import { z } from 'zod';
import { MCLE_AREA_KEYS, type UnitsByArea } from '../certificates/mcle';
import { uploadIdSchema } from './uploads';

/** The staff console's course list: 20 a page, like every console table. */
export const STAFF_PAGE_SIZE = 20;

export const MODES_OF_PAYMENT = ['cash', 'online_bank', 'otc_bank', 'otc_nonbank', 'card', 'ewallet'] as const;
export const modeOfPaymentLabels: Record<(typeof MODES_OF_PAYMENT)[number], string> = {
  cash: 'Pay directly to the school',
  online_bank: 'Online banking',
  otc_bank: 'Over the counter (bank)',
  otc_nonbank: 'Over the counter (non-bank)',
  card: 'Credit or debit card',
  ewallet: 'E-wallet',
};

export const courseMessages = {
  nameRequired: 'Enter the course name.',
  amount: 'Enter an amount in pesos with at most two decimals.',
  payLaterNeedsFee: 'A pay-later course needs a fee.',
  feeNeedsMode: 'Choose at least one way to pay for a course with a fee.',
  endBeforeStart: 'The course cannot end before it starts.',
  mcleNeedsUnits: 'An MCLE course needs its units by subject area.',
  domain: 'Enter e-mail domains such as lawfirm.ph.',
  unknownSubcategory: 'Choose a subcategory of this school.',
  unknownLecturer: 'Choose a lecturer of this school.',
  noLessons: 'Add at least one lesson.',
  deleted: 'The course was deleted.',
  archived: 'The course has enrolments, so it was archived instead of deleted: students keep their access.',
  copyName: (name: string) => `Copy of ${name}`,
} as const;

/** An amount in pesos with at most two decimals (centavos in the database). */
export const pesoAmountSchema = z
  .number({ error: courseMessages.amount })
  .min(0, courseMessages.amount)
  .max(10_000_000, courseMessages.amount)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, courseMessages.amount);
const units = z.number().min(0).max(100).refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'Enter units with at most two decimals.');
const id = z.number().int().positive().max(2147483647);
const day = z.iso.date('Enter a date as YYYY-MM-DD.');
const domain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, courseMessages.domain);

/** Every course field an editor sets (the image and preview video come with uploads). Money in pesos, coins whole. */
export const courseSettingsSchema = z.object({
  name: z.string().trim().min(1, courseMessages.nameRequired).max(200, 'Keep the name under 200 characters.'),
  description: z.string().max(100_000, 'Keep the description under 100,000 characters.'),
  subcategory_id: id.nullable(),
  lecturer_id: id.nullable(),
  fee: pesoAmountSchema,
  show_fee: z.boolean(),
  allow_pay_later: z.boolean(),
  mode_of_payment: z.array(z.enum(MODES_OF_PAYMENT)).max(MODES_OF_PAYMENT.length).refine((modes) => new Set(modes).size === modes.length, 'Choose each way to pay once.'),
  direct_enrollment: z.boolean(),
  class_enrollment_only: z.boolean(),
  require_kyc: z.boolean(),
  allowed_domains: z.array(domain).max(50, 'List at most 50 domains.'),
  date_start: day.nullable(),
  date_end: day.nullable(),
  duration_minutes: z.number({ error: 'Enter the minutes as a whole number, or leave it empty.' }).int().min(1).max(525_600).nullable().describe('the course timer from enrolment, in minutes; null for none'),
  approval_number: z.string().trim().max(100).nullable().describe("the MCLE Office's approval number"),
  mcle_units: z.partialRecord(z.enum(MCLE_AREA_KEYS), units).describe('MCLE units by B.M. No. 850 subject area'),
  reward_coins: z.number({ error: 'Enter whole coins.' }).int().min(0).max(1_000_000).describe('whole L2E coins credited on completion'),
  forward_streaming: z.boolean(),
  video_download: z.boolean(),
  pdf_download: z.boolean(),
  enable_kyl: z.boolean().describe('identity snapshots while studying'),
  is_featured: z.boolean(),
});
export type CourseSettings = z.infer<typeof courseSettingsSchema>;

/** A new course's settings before the editor changes any: free, every way to pay offered once it has a fee. */
export const defaultCourseSettings: CourseSettings = {
  name: '',
  description: '',
  subcategory_id: null,
  lecturer_id: null,
  fee: 0,
  show_fee: true,
  allow_pay_later: false,
  mode_of_payment: [...MODES_OF_PAYMENT],
  direct_enrollment: true,
  class_enrollment_only: false,
  require_kyc: false,
  allowed_domains: [],
  date_start: null,
  date_end: null,
  duration_minutes: null,
  approval_number: null,
  mcle_units: {},
  reward_coins: 0,
  forward_streaming: false,
  video_download: false,
  pdf_download: false,
  enable_kyl: false,
  is_featured: false,
};

/** A new course needs only its name; everything else starts at the defaults a draft has. */
export const courseCreateSchema = courseSettingsSchema.partial().required({ name: true });
export type CourseCreate = z.infer<typeof courseCreateSchema>;
/**
 * The settings that change, and the course's image and preview video as uploads (an image; a video) that become
 * public files; null takes either away.
 */
export const coursePatchSchema = courseSettingsSchema.partial().extend({
  image_upload: uploadIdSchema.nullable().optional().describe('an image upload that becomes the course image; null: none'),
  preview_video_upload: uploadIdSchema.nullable().optional().describe('a video upload that becomes the preview video; null: none'),
});
export type CoursePatch = z.infer<typeof coursePatchSchema>;

export const totalUnits = (byArea: UnitsByArea) => Math.round(Object.values(byArea).reduce((sum, v) => sum + (v ?? 0), 0) * 100) / 100;

/**
 * The combinations a course's settings must respect, as field errors; the server checks the merged record on
 * every save, the editor shows them before sending. A published course of an MCLE school must keep its units.
 */
export function courseSettingsProblems(s: CourseSettings, context: { mcle: boolean; published: boolean }): Partial<Record<keyof CourseSettings, string>> {
  const problems: Partial<Record<keyof CourseSettings, string>> = {};
  if (s.allow_pay_later && s.fee === 0) problems.fee = courseMessages.payLaterNeedsFee;
  if (s.fee > 0 && s.mode_of_payment.length === 0) problems.mode_of_payment = courseMessages.feeNeedsMode;
  if (s.date_start && s.date_end && s.date_end < s.date_start) problems.date_end = courseMessages.endBeforeStart;
  if (context.mcle && context.published && totalUnits(s.mcle_units) === 0) problems.mcle_units = courseMessages.mcleNeedsUnits;
  return problems;
}

export const LESSON_TYPES = ['video', 'audio', 'yt', 'sc', 'pdf', 'html', 'link', 'ivideo', 'class', 'exam', 'survey'] as const;
export type LessonType = (typeof LESSON_TYPES)[number];

/** What publishing checks of a lesson: whether it has what its type needs to be studied. */
export interface LessonReadiness {
  id: number;
  name: string;
  type: LessonType;
  hasFile: boolean;
  hasUrl: boolean;
  hasContent: boolean;
  mediaSeconds: number | null;
  questions: number;
  hasSchedule: boolean;
}

const lessonNeeds: Record<LessonType, (l: LessonReadiness) => string | null> = {
  video: (l) => (l.hasFile && l.mediaSeconds ? null : 'Upload the video.'),
  audio: (l) => (l.hasFile && l.mediaSeconds ? null : 'Upload the audio.'),
  ivideo: (l) => (l.hasFile && l.mediaSeconds ? null : 'Upload the video.'),
  pdf: (l) => (l.hasFile ? null : 'Upload the PDF.'),
  yt: (l) => (l.hasUrl && l.mediaSeconds ? null : 'Enter the YouTube address and its length.'),
  sc: (l) => (l.hasUrl && l.mediaSeconds ? null : 'Enter the SoundCloud address and its length.'),
  link: (l) => (l.hasUrl ? null : 'Enter the link.'),
  html: (l) => (l.hasContent ? null : 'Write the lesson.'),
  class: (l) => (l.hasSchedule ? null : 'Set the date and time of the live class.'),
  exam: (l) => (l.questions > 0 ? null : 'Add questions to the exam.'),
  survey: (l) => (l.questions > 0 ? null : 'Add questions to the survey.'),
};

/** What a lesson still needs before its course is published, or null when it is ready. */
export const lessonProblem = (lesson: LessonReadiness) => lessonNeeds[lesson.type](lesson);

export const publishProblemSchema = z.object({ lesson: z.number().optional(), message: z.string() });
export type PublishProblem = z.infer<typeof publishProblemSchema>;

/** Why a course cannot be published yet: its settings' problems, then each lesson that is not ready, in order. */
export function publishProblems(settings: CourseSettings, lessons: LessonReadiness[], context: { mcle: boolean }): PublishProblem[] {
  const problems: PublishProblem[] = Object.values(courseSettingsProblems(settings, { ...context, published: true })).map((message) => ({ message }));
  if (lessons.length === 0) problems.push({ message: courseMessages.noLessons });
  for (const lesson of lessons) {
    const need = lessonProblem(lesson);
    if (need) problems.push({ lesson: lesson.id, message: `${lesson.name}: ${need}` });
  }
  return problems;
}

const sorts = ['-updated_at', 'name', '-name', '-created_at', 'created_at', 'fee', '-fee', '-enrolments'] as const;
export const staffCourseSortLabels: Record<(typeof sorts)[number], string> = {
  '-updated_at': 'Recently edited',
  name: 'Name (A–Z)',
  '-name': 'Name (Z–A)',
  '-created_at': 'Newest',
  created_at: 'Oldest',
  fee: 'Fee (lowest)',
  '-fee': 'Fee (highest)',
  '-enrolments': 'Most enrolments',
};
const optionalId = z.coerce.number().int().positive().max(2147483647).optional();

export const staffCourseListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  status: z.enum(['published', 'draft', 'archived']).optional().describe('without it: published and drafts, not archived'),
  category: optionalId,
  instructor: optionalId,
  sort: z.enum(sorts).default('-updated_at'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type StaffCourseListQuery = z.infer<typeof staffCourseListQuerySchema>;

/** GET /staff/courses/counts/: the dashboard's numbers (an instructor's: their own courses). */
export const staffCourseCountsSchema = z.object({ published: z.number(), draft: z.number(), archived: z.number() });
export type StaffCourseCounts = z.infer<typeof staffCourseCountsSchema>;

export const courseStatusLabels = { published: 'Published', draft: 'Draft', archived: 'Archived' } as const;

const person = z.object({ id: z.number(), name: z.string() });

export const staffCourseRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  status: z.enum(['published', 'draft', 'archived']),
  fee: z.number().describe('pesos'),
  category: z.string().nullable(),
  subcategory: z.string().nullable(),
  instructors: z.array(person),
  enrolments: z.number(),
  version: z.number().describe('the ETag a DELETE from the list names in If-Match'),
  updated_at: z.string(),
});
export type StaffCourseRow = z.infer<typeof staffCourseRowSchema>;

/** One course as its editor loads it: every setting, its state, and who saved it last. */
export const staffCourseSchema = courseSettingsSchema.extend({
  id: z.number(),
  image: z.string().nullable().describe("the course image's address"),
  preview_video: z.string().nullable().describe("the preview video's address (a file, or YouTube's)"),
  slug: z.string(),
  status: z.enum(['published', 'draft', 'archived']),
  version: z.number(),
  units: z.number(),
  enrolments: z.number(),
  instructors: z.array(person),
  updated_at: z.string(),
  updated_by: person.nullable(),
  abilities: z.object({ update: z.boolean(), publish: z.boolean(), delete: z.boolean(), duplicate: z.boolean(), assign: z.boolean() }),
});
export type StaffCourse = z.infer<typeof staffCourseSchema>;

export const courseDeletedSchema = z.object({ outcome: z.enum(['deleted', 'archived']), detail: z.string() });

export const instructorMessages = {
  notInstructor: 'Choose instructors of this school.',
} as const;

/** PUT /staff/courses/{id}/instructors/: the whole list of the course's instructors, replacing the one before. */
export const courseInstructorsSchema = z.object({
  instructors: z
    .array(z.number().int().positive().max(2147483647))
    .max(50, 'Assign at most 50 instructors.')
    .refine((ids) => new Set(ids).size === ids.length, 'Name each instructor once.'),
});

/** GET /staff/instructors/: the school's instructors and the courses assigned to each. */
export const staffInstructorSchema = z.object({ id: z.number(), name: z.string(), email: z.string(), courses: z.array(z.number()) });
export type StaffInstructor = z.infer<typeof staffInstructorSchema>;
