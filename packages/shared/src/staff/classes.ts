import { z } from 'zod';
import { pesoAmountSchema } from './courses';
import { clockSchema } from './outline';

export const CLASS_SESSION_TYPES = ['Online', 'Face to face'] as const;

export const classMessages = {
  nameRequired: 'Enter the class name.',
  sessionDate: 'Enter the date of the session.',
  instructor: 'Enter who teaches the session.',
  endBeforeStart: 'The session must end after it starts.',
  unknownSession: 'This session is no longer in the class: reload and try again.',
  inUse: 'Students have enrolled in or paid for this class, so it cannot be deleted. Its sessions can still change.',
  deleted: 'The class was deleted.',
} as const;

/** One meeting of a class: its day and hours in the school's time zone, who teaches it, and how it is held. */
export const classSessionSchema = z
  .object({
    id: z.number().int().positive().max(2147483647).optional().describe("an existing session's id; none for a new one"),
    date: z.iso.date(classMessages.sessionDate),
    start_time: clockSchema,
    end_time: clockSchema,
    instructor: z.string().trim().min(1, classMessages.instructor).max(200, 'Keep the name under 200 characters.'),
    type: z.enum(CLASS_SESSION_TYPES),
  })
  // Hours compare only once both are HH:MM; a malformed one has its own message.
  .refine((s) => !clockSchema.safeParse(s.start_time).success || !clockSchema.safeParse(s.end_time).success || s.end_time > s.start_time, { path: ['end_time'], message: classMessages.endBeforeStart });
export type ClassSession = z.infer<typeof classSessionSchema>;

/** A class as the console saves it, whole: its name, its fee (pesos) and every session. */
export const classFieldsSchema = z.object({
  name: z.string().trim().min(1, classMessages.nameRequired).max(200, 'Keep the name under 200 characters.'),
  fee: pesoAmountSchema.default(0),
  sessions: z
    .array(classSessionSchema)
    .max(200, 'Keep a class to 200 sessions.')
    .refine((list) => new Set(list.flatMap((s) => (s.id ? [s.id] : []))).size === list.filter((s) => s.id).length, classMessages.unknownSession)
    .default([]),
});
export type ClassFields = z.infer<typeof classFieldsSchema>;

export const staffClassSchema = z.object({
  id: z.number(),
  name: z.string(),
  fee: z.number().describe('pesos'),
  enrolments: z.number(),
  version: z.number(),
  sessions: z.array(z.object({ id: z.number(), date: z.string(), start_time: z.string(), end_time: z.string(), instructor: z.string(), type: z.enum(CLASS_SESSION_TYPES) })),
});
export type StaffClass = z.infer<typeof staffClassSchema>;

/** The whole class as a PUT sends it, with its sessions as given (added, changed or taken out). */
export const classBodyOf = (c: StaffClass, sessions: ClassSession[] = c.sessions): ClassFields => ({ name: c.name, fee: c.fee, sessions });
