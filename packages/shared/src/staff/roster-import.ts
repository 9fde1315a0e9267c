import { z } from 'zod';

/** The most rows one import takes: a school's whole intake, and a file a browser still shows line by line. */
export const IMPORT_MAX_ROWS = 10_000;
/** The most bytes of one CSV file (10,000 lines of an e-mail and a class fit in well under a megabyte). */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;

export const importMessages = {
  notUtf8: 'The file is not UTF-8 text. Save it as "CSV UTF-8" and choose it again.',
  notCsv: (detail: string) => `The file is not a CSV file the import can read: ${detail}`,
  noEmailColumn: 'The first line must name the columns: "email" and, if you use classes, "class".',
  empty: 'The file has no students: one line per student after the line of column names.',
  tooMany: `One import takes at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} students: split the file.`,
  badEmail: 'Not an e-mail address.',
  duplicate: 'This e-mail is on an earlier line.',
  unknownClass: 'No class of this course has that name.',
  classRequired: 'This course takes enrolments by class only: name the class.',
  staffAccount: 'This e-mail belongs to a staff account, which cannot study.',
  noteRequired: 'Say how the students paid (a receipt number, a bank transfer): it is kept with each enrolment.',
} as const;

export const IMPORT_OUTCOMES = ['invite', 'enrol', 'already', 'error'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];
export const importOutcomeLabels: Record<ImportOutcome, string> = {
  invite: 'New account: invited by e-mail, then enrolled',
  enrol: 'Existing account: enrolled',
  already: 'Already enrolled: left as it is',
  error: 'Not imported',
};

/** A line of the file: its number in the file (the column names are line 1), the e-mail and the class's name. */
export interface ImportLine {
  line: number;
  email: string;
  className: string;
}

/** What the school already has for an e-mail: whose account it is and whether they study the course now. */
export interface KnownAccount {
  student: boolean;
  enrolled: boolean;
}

export interface PlannedRow extends ImportLine {
  outcome: ImportOutcome;
  reason: string | null;
}

const emailSchema = z.email();

/**
 * What importing each line would do, in the file's order (the dry run shows it; the job does it, planned again
 * when it runs): a bad line says why, a line repeating an earlier e-mail is refused, an account is enrolled or,
 * when there is none, invited.
 */
export function planImport(
  lines: ImportLine[],
  known: { classes: Map<string, number>; classOnly: boolean; accounts: Map<string, KnownAccount> },
  /** The addresses of the lines before these (a file planned batch by batch); filled as it goes. */
  seen = new Set<string>(),
): PlannedRow[] {
  return lines.map((line) => {
    const email = line.email.trim().toLowerCase();
    const row = { ...line, email };
    const refuse = (reason: string): PlannedRow => ({ ...row, outcome: 'error', reason });
    if (!emailSchema.safeParse(email).success) return refuse(importMessages.badEmail);
    if (seen.has(email)) return refuse(importMessages.duplicate);
    seen.add(email);
    const className = line.className.trim();
    if (className && !known.classes.has(className.toLowerCase())) return refuse(importMessages.unknownClass);
    if (!className && known.classOnly) return refuse(importMessages.classRequired);
    const account = known.accounts.get(email);
    if (account && !account.student) return refuse(importMessages.staffAccount);
    if (account?.enrolled) return { ...row, outcome: 'already', reason: null };
    return { ...row, outcome: account ? 'enrol' : 'invite', reason: null };
  });
}

/** How many lines of each outcome. */
export const countOutcomes = (rows: { outcome: ImportOutcome }[]) =>
  Object.fromEntries(IMPORT_OUTCOMES.map((o) => [o, rows.filter((r) => r.outcome === o).length])) as Record<ImportOutcome, number>;

/** How the imported students are enrolled (the same choices as one student's enrolment). */
export const importOptionsSchema = z
  .object({
    dry_run: z.enum(['true', 'false']).default('false'),
    as: z.enum(['free', 'paid', 'pay_later']).default('free'),
    note: z.string().trim().max(500).default(''),
  })
  .refine((o) => o.dry_run === 'true' || o.as !== 'paid' || o.note.length > 0, { message: importMessages.noteRequired, path: ['note'] });

const planned = z.object({ line: z.number(), email: z.string(), class: z.string(), outcome: z.enum(IMPORT_OUTCOMES), reason: z.string().nullable() });
const counts = z.object({ invite: z.number(), enrol: z.number(), already: z.number(), error: z.number() });

/** The dry run's answer: each line and what importing it would do. */
export const importPlanSchema = z.object({ rows: z.array(planned), counts });
export type ImportPlan = z.infer<typeof importPlanSchema>;

/** A running or finished import: how far it got, what it did, and the lines it could not import. */
export const importRunSchema = z.object({
  id: z.number(),
  state: z.enum(['queued', 'running', 'done', 'failed']),
  total: z.number(),
  done: z.number(),
  counts,
  errors: z.array(planned),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ImportRun = z.infer<typeof importRunSchema>;
