/** Identity verification (KYC) and study snapshots (spec 1 §4, §5, §9; spec 2 §8, §9), for the pages and the server. */

/** Failed automatic checks before 'Submit for Manual Verification' (DECISIONS.md). */
export const KYC_RETRY_LIMIT = 3;
/** A manual submission locks new submissions for 3 days (spec 1 §9). */
export const MANUAL_LOCK_DAYS = 3;
/** The largest image accepted, decoded (an ID photo, a selfie, a snapshot). */
export const KYC_IMAGE_MAX_BYTES = 8 * 1024 * 1024;

/** Submissions a page of the staff's review queue. */
export const KYC_REVIEW_PAGE_SIZE = 20;

/** Webcam captures (spec 1 §9, spec 2 §9). */
export const SELFIE_SIZE = { width: 1280, height: 720 } as const;
export const SNAPSHOT_SIZE = { width: 640, height: 480 } as const;
/** Snapshots: 10 random minute marks between 1 and 60 per hourly cycle, the first 2.5 s after the camera starts. */
export const SNAPSHOT_MARKS = 10;
export const SNAPSHOT_CYCLE_MS = 3_600_000;
export const FIRST_SNAPSHOT_DELAY_MS = 2_500;
/** A refused snapshot upload (other than no face) is tried again 5 times, 1 s apart. */
export const SNAPSHOT_RETRIES = 5;
export const SNAPSHOT_RETRY_DELAY_MS = 1_000;

export const kycMessages = {
  invalidImage: 'Invalid image file.',
  duplicateImage: 'Duplicate image selected.',
  idRequired: 'ID image is required',
  templateRequired: 'Template ID is required',
  selfieRequired: 'Selfie image is required',
  fullyVerified: 'Your account is fully verified.',
  onePending: 'One of your IDs is still pending verification.',
  idsPending: 'Your IDs are still pending verification.',
  idPending: 'Your ID is still pending verification.',
  noFaceSnapshot: 'No face detected in the snapshot.',
  sessionPaused: 'Paused course session',
  lobbyReady: 'You can now proceed to the lobby',
  selfieUploadFailed: 'Failed to upload selfie.',
  // Ours: what the automatic check found, under the field it is about.
  noFaceOnId: 'No face was found on this ID. Upload a clear photo of the whole ID.',
  noFaceOnSelfie: 'No face was found on the selfie. Face the camera in good light.',
  manyFacesOnSelfie: 'More than one face is on the selfie. Take it alone.',
  selfieMismatch: 'The selfie does not match the photo on your ID.',
  manyFacesSnapshot: 'More than one face is in the snapshot.',
  snapshotMismatch: 'The face in the snapshot does not match your verified selfie.',
  noSnapshots: 'This course takes no snapshots.',
  notVerifiedYet: 'Verify your identity first.',
  secondIdRequired: 'A second ID is required with this ID type.',
  retryLimit: 'You have reached the limit of automatic checks. Submit for manual verification.',
  manualPending: 'Your IDs are waiting for manual verification.',
  manualLocked: 'You sent your IDs for manual verification less than 3 days ago.',
  nothingToVerify: 'Your account is already fully verified.',
  reasonRequired: 'Give the reason for the rejection.',
  alreadyDecided: 'This submission has already been decided.',
  superseded: 'The student has sent newer IDs since this submission.',
} as const;

export interface IdEntry {
  template: number | null;
  verified: boolean;
  submitted: boolean;
}

/**
 * A second ID is needed when the school names a primary ID and the first ID chosen is another kind
 * (spec 1 §4).
 */
export const needsSecondId = (primaryId: number | null, firstTemplate: number | null) => primaryId !== null && firstTemplate !== null && firstTemplate !== primaryId;

/**
 * Verification is complete when every ID is verified; with a primary ID configured, when that ID is verified or
 * exactly two IDs are, both verified (spec 1 §5).
 */
export function kycComplete(ids: IdEntry[], primaryId: number | null): boolean {
  if (ids.length === 0) return false;
  if (primaryId === null) return ids.every((id) => id.verified);
  return ids.some((id) => id.template === primaryId && id.verified) || (ids.length === 2 && ids.every((id) => id.verified));
}

/** The sentence the Authenticate ID tab shows above the IDs (spec 1 §4); null shows the instructions. */
export function verificationDisplay(ids: IdEntry[], primaryId: number | null): string | null {
  if (kycComplete(ids, primaryId)) return kycMessages.fullyVerified;
  if (ids.length === 0 || !ids.every((id) => id.submitted)) return null;
  if (ids.length === 2 && ids.some((id) => id.verified)) return kycMessages.onePending;
  if (ids.length === 2) return kycMessages.idsPending;
  return kycMessages.idPending;
}

/** The 10 minute marks (1 to 60) of a snapshot cycle, in order, drawn with `random` (0 ≤ r < 1). */
export function snapshotMarks(random: () => number = Math.random): number[] {
  const marks = new Set<number>();
  while (marks.size < SNAPSHOT_MARKS) marks.add(1 + Math.floor(random() * 60));
  return [...marks].sort((a, b) => a - b);
}
