import type { RefObject } from 'react';
import { Button } from '@/components/button';
import type { PauseReason, SnapshotState } from './use-snapshot-session';

const pausedBecause: Record<PauseReason, string> = {
  manual: 'Paused',
  hidden: 'Paused while the tab is hidden',
  camera: 'Paused: camera unavailable',
  no_face: 'Paused: no face detected',
  retry_limit: 'Paused: snapshot not sent',
  server_error: 'Paused: snapshot not sent',
};

const stateText = (state: SnapshotState) => (state.status === 'paused' && state.reason ? pausedBecause[state.reason] : state.status === 'active' ? 'Camera active' : 'Camera starting…');

/** The snapshot session at a glance (spec 2 §4): the camera's picture, its state, and Pause or Resume. */
export function CameraStatus({ state, video, onPause, onResume }: { state: SnapshotState; video: RefObject<HTMLVideoElement | null>; onPause: () => void; onResume: () => void }) {
  return (
    <div className={`camera-status is-${state.status}`} role="group" aria-label="Camera">
      {/* What the camera sees, for the student to keep their face in it; the words below say the state. */}
      <video ref={video} className="camera-preview" muted playsInline aria-hidden="true" />
      <span className="camera-status-dot" aria-hidden="true" />
      <span className="camera-status-text" role="status">
        {stateText(state)}
      </span>
      {state.status === 'paused' ? <Button label="Resume" variant="ghost" onClick={onResume} /> : <Button label="Pause" variant="ghost" onClick={onPause} />}
    </div>
  );
}
