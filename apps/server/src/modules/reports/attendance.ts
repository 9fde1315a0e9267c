import type { FastifyInstance } from 'fastify';
import { MCLE_AREAS } from '@school/shared/certificates/mcle';
import { todayIn } from '@school/shared/school/dates';
import { reportMessages } from '@school/shared/staff/reports';
import type { AttendanceFilters } from '@school/shared/staff/exports';
import { invalid } from '../../lib/errors';
import { displayName } from '../account/presenter';
import { identityEvidence } from '../kyc/evidence';
import type { SchoolRow } from '../tenancy/repository';
import type { ReportScope } from './policy';
import { attendanceRepository } from './staff-attendance-repository';

export type AttendanceRow = Record<string, string | number>;

/** The course and period an attendance report is of; a course of another school (or not the instructor's) is refused, when asked and in the job. */
export async function attendanceSubject(app: FastifyInstance, school: SchoolRow, filters: AttendanceFilters, scope: ReportScope) {
  const repo = attendanceRepository(app.db);
  const course = await repo.course(school.id, filters.course, scope.instructorId);
  if (!course) throw invalid({ course: reportMessages.courseNotHere });
  const period = filters.compliance_period === undefined ? null : ((await repo.period(filters.compliance_period)) ?? null);
  if (filters.compliance_period !== undefined && !period) throw invalid({ compliance_period: reportMessages.periodUnknown });
  return { course, period };
}

/**
 * The MCLE attendance report of a course (issue 23): every student who completed it (in one compliance period, if
 * chosen), with their roll number and IBP chapter, completion date, standing certificate and its units by subject
 * area, and a summary of the identity evidence behind it: what a provider submits to the MCLE Office.
 */
export async function* attendanceRows(app: FastifyInstance, school: SchoolRow, filters: AttendanceFilters, scope: ReportScope): AsyncIterable<AttendanceRow> {
  const { course } = await attendanceSubject(app, school, filters, scope);
  const rows = await attendanceRepository(app.db).completed(school.id, course.id, filters.compliance_period ?? null);
  const evidence = await identityEvidence(app.db, app.storage).summaries(rows.map((r) => r.enrolmentId));
  for (const r of rows) {
    const areas = r.facts?.areas ?? {};
    const found = evidence.get(r.enrolmentId);
    yield {
      Name: displayName(r.user),
      Email: r.user.email,
      'Roll number': r.rollNumber ?? '',
      'IBP chapter': r.chapter ?? '',
      Completed: r.completedAt ? todayIn(school.timeZone, r.completedAt) : '',
      Certificate: r.code ?? '',
      ...Object.fromEntries(MCLE_AREAS.map((a) => [a.label, areas[a.key] ?? 0])),
      'Total units': r.facts?.units ?? 0,
      'Identity check': found?.kyc ?? '',
      Snapshots: found?.snapshots ?? 0,
      'Snapshots flagged': found?.flagged ?? 0,
    };
  }
}
