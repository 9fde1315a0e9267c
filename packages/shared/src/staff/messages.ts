import { z } from 'zod';

export const MESSAGES_PAGE_SIZE = 20;
export const RECIPIENTS_PAGE_SIZE = 50;
export const MESSAGE_SUBJECT_MAX = 150;
export const MESSAGE_BODY_MAX = 5_000;

/** Whom an announcement goes to: the students of a course, of one of its classes, or of the whole school. */
export const MESSAGE_AUDIENCES = ['course', 'class', 'school'] as const;
export type MessageAudience = (typeof MESSAGE_AUDIENCES)[number];

export const messageAudienceLabels: Record<MessageAudience, string> = {
  course: 'The students of a course',
  class: 'The students of a class',
  school: "Every student of the school",
};

export const MESSAGE_STATES = ['queued', 'sending', 'sent', 'failed'] as const;
export const messageStateLabels: Record<(typeof MESSAGE_STATES)[number], string> = { queued: 'Waiting', sending: 'Being sent', sent: 'Sent', failed: 'Failed' };

export const messageMessages = {
  subjectRequired: 'Write a subject.',
  subjectTooLong: `Keep the subject to ${MESSAGE_SUBJECT_MAX} characters.`,
  bodyRequired: 'Write the message.',
  bodyTooLong: `Keep the message to ${MESSAGE_BODY_MAX.toLocaleString('en')} characters.`,
  courseRequired: 'Choose a course.',
  classRequired: 'Choose a class.',
  courseNotYours: 'Choose one of the courses listed.',
  classNotHere: 'This class is not one of the course’s.',
  schoolRefused: "Only the school's administrators send a message to every student.",
  nobody: 'Nobody would receive this message: the audience has no students yet.',
  queued: 'The message is being sent: its page counts the students it reached.',
  failed: 'The message could not be sent to everyone. Those it reached are listed; write to the platform’s administrator.',
} as const;

const id = z.coerce.number().int().positive().max(2147483647);

/** A new announcement: its audience (a course, or a class of it, or the school), subject and plain text. */
export const newMessageSchema = z
  .object({
    audience: z.enum(MESSAGE_AUDIENCES),
    course: id.nullable().default(null),
    class: id.nullable().default(null),
    // One line: it becomes the e-mail's Subject header.
    subject: z
      .string()
      .transform((text) => text.replace(/\s+/g, ' ').trim())
      .pipe(z.string().min(1, messageMessages.subjectRequired).max(MESSAGE_SUBJECT_MAX, messageMessages.subjectTooLong)),
    body: z.string().trim().min(1, messageMessages.bodyRequired).max(MESSAGE_BODY_MAX, messageMessages.bodyTooLong),
  })
  .superRefine((m, ctx) => {
    if (m.audience !== 'school' && m.course === null) ctx.addIssue({ code: 'custom', path: ['course'], message: messageMessages.courseRequired });
    if (m.audience === 'class' && m.class === null) ctx.addIssue({ code: 'custom', path: ['class'], message: messageMessages.classRequired });
  })
  // What the audience does not use is not kept: a school message names no course.
  .transform((m) => ({ ...m, course: m.audience === 'school' ? null : m.course, class: m.audience === 'class' ? m.class : null }));
export type NewMessage = z.infer<typeof newMessageSchema>;

export const messageListQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
export type MessageListQuery = z.infer<typeof messageListQuerySchema>;

/** A sent (or sending) announcement as the console's history shows it, with its delivery counts. */
export const staffMessageSchema = z.object({
  id: z.number(),
  audience: z.enum(MESSAGE_AUDIENCES),
  /** "Criminal Law Review", "Criminal Law Review · Saturday class", or "The whole school". */
  audience_label: z.string(),
  course: z.object({ id: z.number(), name: z.string() }).nullable(),
  class: z.object({ id: z.number(), name: z.string() }).nullable(),
  subject: z.string(),
  body: z.string(),
  sent_by: z.object({ id: z.number(), name: z.string() }).nullable(),
  state: z.enum(MESSAGE_STATES),
  /** Students who got it in the bell, and of them those who got the e-mail too (the others turned it off). */
  recipients: z.number(),
  emailed: z.number(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type StaffMessage = z.infer<typeof staffMessageSchema>;

export const messageRecipientSchema = z.object({ id: z.number(), name: z.string(), email: z.string(), emailed: z.boolean() });
export type MessageRecipient = z.infer<typeof messageRecipientSchema>;

/** What the caller may send to: their courses with their classes, and the school when they may, each with its students. */
export const messageAudiencesSchema = z.object({
  school: z.object({ students: z.number() }).nullable(),
  courses: z.array(z.object({ id: z.number(), name: z.string(), students: z.number(), classes: z.array(z.object({ id: z.number(), name: z.string(), students: z.number() })) })),
});
export type MessageAudiences = z.infer<typeof messageAudiencesSchema>;

/** An announcement as its student reads it (GET /messages/{id}/). */
export const studentMessageSchema = z.object({
  id: z.number(),
  subject: z.string(),
  body: z.string(),
  from: z.string(),
  course: z.object({ name: z.string(), slug: z.string() }).nullable(),
  sent_at: z.string(),
});
export type StudentMessage = z.infer<typeof studentMessageSchema>;
