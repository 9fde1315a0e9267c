import { z } from 'zod';
import { roleSchema } from './schemas';

/** The signed-in user's own profile (spec 1 §3 "User profile"); later issues add fields. */
export const profileSchema = z.object({
  id: z.number(),
  student_id: z.number().nullable(),
  role: roleSchema,
  username: z.string(),
  email: z.string(),
  full_name: z.string(),
  first_name: z.string(),
  middle_name: z.string(),
  last_name: z.string(),
  photo: z.string().nullable(),
  is_verified: z.boolean(),
  step: z.string().nullable(),
  info_submitted: z.boolean(),
  school: z.object({ id: z.number(), name: z.string(), domain: z.string() }).nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** Initials for the avatar fallback: first and last name, else the username's first letter. */
export function initials(fullName: string, username: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const source = words.length > 1 ? [words[0]![0], words.at(-1)![0]] : [(words[0] ?? username)[0] ?? '?'];
  return source.join('').toUpperCase();
}
