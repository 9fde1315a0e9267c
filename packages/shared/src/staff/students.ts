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
