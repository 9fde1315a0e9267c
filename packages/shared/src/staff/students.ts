import { z } from 'zod';

export const STUDENTS_PAGE_SIZE = 50;

/** The students list's filters: words of a name, an e-mail or a roll number; a course. */
export const staffStudentQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  course: z.coerce.number().int().positive().max(2147483647).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type StaffStudentQuery = z.infer<typeof staffStudentQuerySchema>;

/** A student of the school (enrolled in one of its courses or bundles), as the console lists them. */
export const staffStudentSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  roll_number: z.string().nullable(),
  /** Courses they are enrolled in at this school (an instructor: in their courses). */
  courses: z.number(),
  /** Their latest course enrolment here; null for a bundle's student whose courses are not opened yet. */
  enrolled_at: z.string().nullable(),
  /** When they last opened a lesson of those courses; null before their first. */
  last_active_at: z.string().nullable(),
});
export type StaffStudent = z.infer<typeof staffStudentSchema>;

/** One enrolment of the student, as their page lists it. */
export const staffStudentEnrolmentSchema = z.object({
  id: z.number(),
  course: z.object({ id: z.number(), name: z.string() }),
  class_name: z.string().nullable(),
  status: z.string(),
  progress: z.number(),
  enrolled_at: z.string(),
  completed_at: z.string().nullable(),
  certificate: z.object({ code: z.string(), issued_at: z.string(), revoked: z.boolean() }).nullable(),
});

/** A student's page: who they are (read only: staff never see a password or an ID photo here), what they study. */
export const staffStudentDetailSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  username: z.string(),
  joined_at: z.string(),
  mcle: z.object({ roll_number: z.string(), ibp_chapter: z.string().nullable(), company: z.string() }).nullable(),
  /** Their latest identity check at this school, in words of its status. */
  identity: z.object({ status: z.string(), at: z.string() }).nullable(),
  enrolments: z.array(staffStudentEnrolmentSchema),
  bundles: z.array(z.object({ id: z.number(), name: z.string(), status: z.string(), enrolled_at: z.string() })),
  /** What they wrote in the school's forum: how much, and their latest questions and answers (hidden ones marked). */
  forum: z.object({
    questions: z.number(),
    answers: z.number(),
    comments: z.number(),
    latest: z.array(z.object({ kind: z.enum(['question', 'answer']), question_id: z.number(), title: z.string(), at: z.string(), hidden: z.boolean() })),
  }),
});
export type StaffStudentDetail = z.infer<typeof staffStudentDetailSchema>;

/** What each identity check's status says on a student's page. */
export const identityStatusLabels: Record<string, string> = {
  pending: 'Being checked',
  manual: 'Waiting for review',
  verified: 'Verified',
  failed: 'Not verified (the automatic check failed)',
  rejected: 'Rejected',
};
