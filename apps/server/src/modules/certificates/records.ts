import { csvFile } from '../../lib/csv';
import { fullName } from '../account/presenter';
import type { identityEvidence } from '../kyc/evidence';
import type { certificateRepository } from './repository';

type IdentityEvidence = ReturnType<typeof identityEvidence>;

type Repo = ReturnType<typeof certificateRepository>;
const iso = (d: Date | null | undefined) => d?.toISOString() ?? '';

/**
 * A course's attendance and completion records as CSV, one row per enrolment, with the evidence behind each
 * certificate: the progress timeline, the exam results, the signature record, and the identity checks (the
 * learner's latest KYC decision, snapshots taken and flagged).
 */
export async function courseRecordsCsv(repo: Repo, evidence: IdentityEvidence, schoolId: number, courseId: number, compliancePeriodId: number | undefined) {
  const rows = await repo.courseRecords(schoolId, courseId, compliancePeriodId);
  const ids = rows.map((r) => r.enrollment.id);
  const [timelines, results, identity] = await Promise.all([repo.timelines(ids), repo.examResults(ids), evidence.summaries(ids)]);
  const byEnrolment = <T extends { enrollmentId: number }>(list: T[]) => {
    const grouped = new Map<number, T[]>();
    for (const item of list) grouped.set(item.enrollmentId, [...(grouped.get(item.enrollmentId) ?? []), item]);
    return grouped;
  };
  const steps = byEnrolment(timelines);
  const exams = byEnrolment(results);
  return csvFile(
    rows.map((r) => ({
      learner: fullName(r.user),
      email: r.user.email,
      enrolled_at: iso(r.enrollment.dateEnrolled),
      status: r.enrollment.status,
      progress: r.enrollment.progress,
      completed_at: iso(r.enrollment.dateCompleted),
      compliance_period: r.enrollment.compliancePeriodId ?? '',
      timeline: (steps.get(r.enrollment.id) ?? []).map((s) => `${s.name}: opened ${iso(s.openedAt)}${s.completedAt ? `, completed ${iso(s.completedAt)}` : ''}`).join('; '),
      exam_results: (exams.get(r.enrollment.id) ?? []).map((e) => `${e.exam} #${e.attempt}: ${e.score}/${e.points}${e.passed ? ' passed' : ''} ${iso(e.submittedAt)}`).join('; '),
      certificate: r.certificate?.code ?? '',
      issued_at: iso(r.certificate?.issuedAt),
      revoked_at: iso(r.certificate?.revokedAt),
      signed_name: r.signature?.fullName ?? '',
      signed_at: iso(r.signature?.signedAt),
      signed_from: r.signature?.ip ?? '',
      signed_with: r.signature?.userAgent ?? '',
      identity: identity.get(r.enrollment.id)?.kyc ?? '',
      snapshots: identity.get(r.enrollment.id)?.snapshots ?? 0,
      snapshots_flagged: identity.get(r.enrollment.id)?.flagged ?? 0,
    })),
  );
}
