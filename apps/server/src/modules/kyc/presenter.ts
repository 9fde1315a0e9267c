import type { KycReview } from '@school/shared/kyc/schemas';
import { fullName } from '../account/presenter';
import type { KycService } from './service';
import type { SubmissionRow } from './repository';

type Learner = { id: number; email: string; username: string; firstName: string; middleName: string; lastName: string; suffix: string | null };

/** A submission as the staff's queue shows it: the photos (short-lived addresses for `viewer`) and what the check found. */
export async function presentReview(kyc: KycService, submission: SubmissionRow, user: Learner, viewer: number): Promise<KycReview> {
  const ids = await kyc.idsOfSubmission(submission.id);
  const names = await kyc.templateNames(ids.map((id) => id.templateId));
  return {
    id: submission.id,
    student: { id: user.id, full_name: fullName(user) || user.username, email: user.email },
    mode: submission.mode,
    status: submission.status,
    submitted_at: submission.createdAt.toISOString(),
    decided_at: submission.decidedAt?.toISOString() ?? null,
    ids: await Promise.all(ids.map(async (id) => ({ template: names.get(id.templateId) ?? null, photo: await kyc.photoUrl(id.photoKey, viewer), faces: id.faces, score: id.score }))),
    selfie: await kyc.photoUrl(submission.selfieKey, viewer),
    selfie_faces: submission.selfieFaces,
    errors: submission.errors,
    reason: submission.reason,
  };
}
