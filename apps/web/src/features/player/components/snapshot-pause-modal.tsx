import { useState } from 'react';
import { kycMessages } from '@school/shared/kyc/rules';
import { ResponseModal, type ResponseAction } from '@/components/response-modal';
import { cameraProblems, type CameraProblem } from '@/lib/use-camera';
import type { PauseReason } from './use-snapshot-session';

/** The pause modals of spec 2 §8, by why the session paused; a hidden tab has none (coming back resumes). */
const modals: Record<Exclude<PauseReason, 'hidden' | 'camera'>, { title: string; message: string; action: string; tone: 'warning' | 'error' }> = {
  manual: {
    title: 'Course paused',
    message: 'Your course session is paused. The course time limit continues running while you are paused.',
    action: 'Resume',
    tone: 'warning',
  },
  no_face: {
    title: kycMessages.sessionPaused,
    message:
      'No face was detected by your camera, so your course session is paused. Make sure that your whole face is visible, your camera is turned on and not used by other software, and the camera is allowed in your browser, then resume.',
    action: 'Resume',
    tone: 'warning',
  },
  retry_limit: {
    title: 'Failed to upload snapshot',
    message: "Your snapshot could not be uploaded. Please try again, or contact your school's administrator if this keeps happening.",
    action: 'Try Again',
    tone: 'error',
  },
  server_error: { title: 'Oops, something went wrong', message: 'Please try again in 30 seconds.', action: 'Try Again', tone: 'error' },
};

const NO_CAMERA = 'Video Device Inaccessible';
const needsCamera = 'This course takes photos of you while you study, so it cannot go on without a camera.';
/** The camera stopped during the session (unplugged, or taken by other software). */
const cameraLost = 'The camera stopped. Check that it is connected and not used by other software, then try again.';

interface Props {
  reason: PauseReason;
  /** Why the camera could not start, when it could not. */
  problem: CameraProblem | null;
  onResume: () => void;
  onExit: () => void;
}

/**
 * Why the session paused, with Resume (or Try Again). Without a camera it blocks: closing it leaves the course.
 * Otherwise it may be closed, and the camera status keeps its Resume; the page renders it afresh at each pause.
 */
export function SnapshotPauseModal({ reason, problem, onResume, onExit }: Props) {
  const [open, setOpen] = useState(true);
  if (reason === 'hidden') return null;
  if (reason === 'camera') {
    const actions: ResponseAction[] = [
      { label: 'Exit', variant: 'ghost', onClick: onExit },
      { label: 'Try Again', onClick: onResume },
    ];
    return <ResponseModal open type="error" title={NO_CAMERA} message={`${needsCamera} ${problem ? cameraProblems[problem] : cameraLost}`} actions={actions} onClose={onExit} />;
  }
  const modal = modals[reason];
  return <ResponseModal open={open} type={modal.tone} title={modal.title} message={modal.message} actions={[{ label: modal.action, onClick: onResume }]} onClose={() => setOpen(false)} />;
}
