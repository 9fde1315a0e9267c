import { z } from 'zod';
import { staffPaymentQuerySchema } from './payments';
import { reportQuerySchema } from './reports';

/** Files the console makes in the background, by kind: what each is called in the list and the bell. */
export const exportLabels = {
  payments: 'Payments',
  'report-periods': 'Activity by period',
  'report-items': 'Activity by course',
  'mcle-attendance': 'MCLE attendance report',
  'mcle-attendance-pdf': 'MCLE attendance report (PDF)',
} as const;
export type ExportKind = keyof typeof exportLabels;

/** Each kind's file: a CSV, or a PDF to print and file. */
export const exportFormats: Record<ExportKind, 'csv' | 'pdf'> = { payments: 'csv', 'report-periods': 'csv', 'report-items': 'csv', 'mcle-attendance': 'csv', 'mcle-attendance-pdf': 'pdf' };
export const exportContentTypes = { csv: 'text/csv; charset=utf-8', pdf: 'application/pdf' } as const;

const id = z.coerce.number().int().positive().max(2147483647);
/** A course's completions for the MCLE Office, of one compliance period or every one. */
export const attendanceFiltersSchema = z.object({ course: id, compliance_period: id.optional() });
export type AttendanceFilters = z.infer<typeof attendanceFiltersSchema>;

/** How long a finished file is kept before it is removed (the list says so). */
export const EXPORT_KEEP_DAYS = 7;
export const EXPORTS_LISTED = 20;

/** Asking for an export: its kind and the filters of the list it comes from. */
export const exportRequestSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('payments'), filters: staffPaymentQuerySchema.omit({ page: true }) }),
  z.object({ kind: z.literal('report-periods'), filters: reportQuerySchema }),
  z.object({ kind: z.literal('report-items'), filters: reportQuerySchema }),
  z.object({ kind: z.literal('mcle-attendance'), filters: attendanceFiltersSchema }),
  z.object({ kind: z.literal('mcle-attendance-pdf'), filters: attendanceFiltersSchema }),
]);
export type ExportRequest = z.infer<typeof exportRequestSchema>;

export const EXPORT_STATES = ['queued', 'running', 'ready', 'failed'] as const;
export const exportStateLabels: Record<(typeof EXPORT_STATES)[number], string> = { queued: 'Waiting', running: 'Being made', ready: 'Ready', failed: 'Failed' };

export const staffExportSchema = z.object({
  id: z.number(),
  kind: z.string(),
  label: z.string(),
  filters: z.record(z.string(), z.unknown()),
  state: z.enum(EXPORT_STATES),
  rows: z.number().nullable(),
  error: z.string().nullable(),
  requested_at: z.string(),
  finished_at: z.string().nullable(),
  file_name: z.string(),
});
export type StaffExport = z.infer<typeof staffExportSchema>;

export const exportMessages = {
  requested: 'The file is being made: the bell tells you when it is ready, and Exports lists it.',
  failed: 'The file could not be made. Ask for it again; if it fails again, tell the platform’s administrator.',
} as const;
