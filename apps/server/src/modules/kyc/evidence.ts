import { FLAGGED_RESULTS, type IdentityTimeline } from '@school/shared/kyc/schemas';
import { MEDIA_TYPES } from '@school/shared/learning/rules';
import type { Db } from '../../db/client';
import type { Storage } from '../../infra/storage/storage';
import { fullName } from '../account/presenter';
import { type EvidenceEnrolment, kycRepository, type SnapshotRow } from './repository';

/** Snapshots are photos of a face: their addresses last minutes, for the staff member they were made for. */
const IMAGE_LINK_SECONDS = 300;
const flagged = (result: SnapshotRow['result']): result is (typeof FLAGGED_RESULTS)[number] => (FLAGGED_RESULTS as readonly string[]).includes(result);

/** A pause runs from a flagged snapshot to the next one that passes (or is still running). */
export function pausesOf(snapshots: Pick<SnapshotRow, 'takenAt' | 'result'>[]): IdentityTimeline['pauses'] {
  const pauses: IdentityTimeline['pauses'] = [];
  let open: IdentityTimeline['pauses'][number] | null = null;
  for (const s of snapshots) {
    if (flagged(s.result) && !open) pauses.push((open = { from: s.takenAt.toISOString(), to: null, reason: s.result }));
    else if (!flagged(s.result) && open) {
      open.to = s.takenAt.toISOString();
      open = null;
    }
  }
  return pauses;
}

/** The time a lesson measured: watched for media, present for a live class; other lessons keep none. */
const timeSpent = (p: { type: string; watchedSeconds: number; attendedSeconds: number | null }) =>
  p.type === 'class' ? Math.floor(p.attendedSeconds ?? 0) : MEDIA_TYPES.includes(p.type) ? Math.floor(p.watchedSeconds) : null;

/** The identity evidence behind enrolments: KYC decisions, snapshots and their pauses (staff). */
export function identityEvidence(db: Db, storage: Pick<Storage, 'signedUrl'>) {
  const repo = kycRepository(db);
  return {
    /** An enrolment of the school with its learner and course, for the policy and the timeline's head. */
    enrolment: (schoolId: number, enrollmentId: number) => repo.evidenceEnrolment(schoolId, enrollmentId),

    async timeline(row: EvidenceEnrolment, viewer: number): Promise<IdentityTimeline> {
      const { enrollment } = row;
      const [decisions, snapshots, progress] = await Promise.all([repo.submissionsOf(enrollment.schoolId, enrollment.userId), repo.snapshotsOf([enrollment.id]), repo.progressOf(enrollment.id)]);
      return {
        enrollment: { id: enrollment.id, learner: fullName(row.user) || row.user.username, email: row.user.email, course: row.course.name, progress: enrollment.progress, status: enrollment.status },
        decisions: decisions.map((d) => ({ id: d.id, mode: d.mode, status: d.status, submitted_at: d.createdAt.toISOString(), decided_at: d.decidedAt?.toISOString() ?? null, reason: d.reason })),
        snapshots: await Promise.all(
          snapshots.map(async (s) => ({ id: s.id, taken_at: s.takenAt.toISOString(), result: s.result, faces: s.faces, score: s.score, image: s.imageKey ? await storage.signedUrl(s.imageKey, { expiresIn: IMAGE_LINK_SECONDS, viewer }) : null })),
        ),
        pauses: pausesOf(snapshots),
        progress: progress.map((p) => ({ courseware_id: p.coursewareId, courseware: p.name, opened_at: p.openedAt.toISOString(), completed_at: p.completedAt?.toISOString() ?? null, time_spent_seconds: timeSpent(p) })),
      };
    },

    /** A course's enrolments (of a period, or all) with flagged snapshots, the most recent first. */
    async flags(schoolId: number, courseId: number, compliancePeriodId: number | undefined) {
      const rows = await repo.flaggedSessions(schoolId, courseId, compliancePeriodId);
      return rows.map((r) => ({ enrollment_id: r.enrollmentId, learner: fullName(r.user) || r.user.username, email: r.user.email, no_face: r.noFace, many_faces: r.manyFaces, mismatch: r.mismatch, last_flagged_at: r.last!.toISOString() }));
    },

    /** For the records export: per enrolment, snapshots taken and flagged, and the learner's latest KYC decision. */
    async summaries(enrollmentIds: number[]) {
      const summary = new Map(enrollmentIds.map((id) => [id, { snapshots: 0, flagged: 0, kyc: '' }]));
      if (enrollmentIds.length === 0) return summary;
      const [snaps, decisions] = await Promise.all([repo.snapshotCounts(enrollmentIds), repo.latestDecisions(enrollmentIds)]);
      for (const s of snaps) Object.assign(summary.get(s.enrollmentId)!, { snapshots: s.taken, flagged: s.flagged });
      for (const d of decisions) summary.get(d.enrollmentId)!.kyc = `${d.status} (${d.mode}${d.decidedAt ? ` ${d.decidedAt.toISOString()}` : ''})`;
      return summary;
    },
  };
}
