import type { kycStates, snapshotResults } from '@school/shared/kyc/schemas';

/** What a submission's state means to the school's staff. */
export const kycStatusLabels: Record<(typeof kycStates)[number], string> = {
  none: 'Not sent',
  manual: 'Waiting for review',
  failed: 'Failed the automatic check',
  pending: 'Being checked',
  verified: 'Verified',
  rejected: 'Rejected',
};

/** What a snapshot's check found; the flagged ones paused the session. */
export const snapshotResultLabels: Record<(typeof snapshotResults)[number], string> = {
  match: 'Match',
  unverified: 'Face seen, not compared',
  no_face: 'No face',
  many_faces: 'Another face',
  mismatch: 'Mismatch',
};
