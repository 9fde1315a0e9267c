import { z } from 'zod';

export const lecturerMessages = {
  name: "Enter the lecturer's name.",
  duplicate: 'This school already has a lecturer of that name.',
} as const;

/** A lecturer a course names (its speaker or author), one of the school's. */
export const lecturerSchema = z.object({ id: z.number(), name: z.string(), title: z.string() });
export type Lecturer = z.infer<typeof lecturerSchema>;

export const lecturerCreateSchema = z.object({
  name: z.string().trim().min(1, lecturerMessages.name).max(200, 'Keep the name under 200 characters.'),
  title: z.string().trim().max(200, 'Keep the title under 200 characters.').default('').describe('e.g. "Associate Justice (ret.)"'),
});
export type LecturerCreate = z.infer<typeof lecturerCreateSchema>;
