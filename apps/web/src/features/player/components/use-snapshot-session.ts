import { useEffect, useMemo, useRef, useState } from 'react';
import { FIRST_SNAPSHOT_DELAY_MS, SNAPSHOT_SIZE } from '@school/shared/kyc/rules';
import { captureFrame } from '@/lib/capture-frame';
import { useCamera } from '@/lib/use-camera';
import { uploadSnapshot } from '../api/snapshot-calls';
import { snapshotSchedule } from './snapshot-schedule';
import { sendSnapshot } from './snapshot-upload';

/** Why a session is paused (spec 2 §4): the student's Pause, the tab hidden, the camera, or a snapshot. */
export type PauseReason = 'manual' | 'hidden' | 'camera' | 'no_face' | 'retry_limit' | 'server_error';

export interface SnapshotState {
  status: 'off' | 'loading' | 'active' | 'paused';
  reason: PauseReason | null;
  /** Counts the pauses, so that each one shows its modal afresh. */
  pauses: number;
}

const FACING_USER = { facingMode: 'user', width: { ideal: SNAPSHOT_SIZE.width }, height: { ideal: SNAPSHOT_SIZE.height } };

/**
 * Random webcam snapshots while a student studies a course with enable_kyl (spec 2 §4, §8, §9), while `enabled`:
 * the camera starts, the first snapshot goes 2.5 s later, then at the schedule's marks. Pausing (the student, a
 * hidden tab, the camera, a snapshot that failed) turns the camera off; resuming turns it on and sends a snapshot
 * at once, so that a passing one lets the server record progress again.
 */
export function useSnapshotSession(courseId: number, enabled: boolean, onTimeLeft?: (seconds: number) => void) {
  const { stream, problem, open, close } = useCamera(FACING_USER);
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<SnapshotState>({ status: 'off', reason: null, pauses: 0 });
  // Read when a snapshot passes, so that a new callback does not restart the session.
  const timeLeftTo = useRef(onTimeLeft);
  useEffect(() => {
    timeLeftTo.current = onTimeLeft;
  }, [onTimeLeft]);
  // Read by the camera's, the timers' and the page's callbacks, current without waiting for a render.
  const current = useRef(state);
  // The camera request under way, and the last one answered (with its stream or its problem by then rendered).
  const request = useRef(0);
  const [answered, setAnswered] = useState(0);

  const session = useMemo(() => {
    const set = (next: Partial<SnapshotState>) => {
      current.current = { ...current.current, ...next };
      setState(current.current);
    };
    const schedule = snapshotSchedule(() => void take());
    let run: { abort: AbortController; busy: boolean } | null = null;
    let firstDelay = FIRST_SNAPSHOT_DELAY_MS;

    const halt = () => {
      run?.abort.abort();
      run = null;
      schedule.stop();
      close();
    };
    const pause = (reason: PauseReason) => {
      halt();
      set({ status: 'paused', reason, pauses: current.current.pauses + 1 });
      // The modal saying why needs the student's eyes (spec 2 §8: no face leaves full screen).
      if (reason !== 'hidden' && document.fullscreenElement) void document.exitFullscreen();
    };
    const begin = (delay: number) => {
      halt();
      firstDelay = delay;
      set({ status: 'loading', reason: null });
      const mine = ++request.current;
      void open().then(() => setAnswered(mine));
    };
    async function take() {
      const el = video.current;
      if (!run || run.busy) return;
      if (!el?.videoWidth) return pause('camera');
      const mine = run;
      mine.busy = true;
      const { signal } = mine.abort;
      const answer: { timeLeft: number | null } = { timeLeft: null };
      const outcome = await sendSnapshot(async () => {
        answer.timeLeft = (await uploadSnapshot(courseId, captureFrame(el, SNAPSHOT_SIZE, { mirrored: false }), signal)).time_left;
      }, signal);
      mine.busy = false;
      // A timed course's time as the server counts it: a pass after a failed snapshot gave the paused time back.
      if (outcome === 'passed' && answer.timeLeft !== null) timeLeftTo.current?.(answer.timeLeft);
      if (outcome !== 'passed' && outcome !== 'cancelled') pause(outcome);
    }

    return {
      begin,
      pause,
      halt,
      set,
      /** The camera shows frames: the first snapshot is due after `firstDelay`, then the cycle's. */
      started() {
        if (current.current.status !== 'loading') return;
        set({ status: 'active' });
        run = { abort: new AbortController(), busy: false };
        schedule.start(firstDelay);
      },
    };
  }, [courseId, open, close]);

  useEffect(() => {
    if (!enabled) return;
    if (document.visibilityState === 'hidden') session.pause('hidden');
    else session.begin(FIRST_SNAPSHOT_DELAY_MS);
    // The course timer ran out, or the page is left: no more snapshots.
    return () => {
      session.halt();
      session.set({ status: 'off', reason: null });
    };
  }, [enabled, session]);

  // A camera request answered without a stream: none, refused, or busy.
  useEffect(() => {
    if (answered === request.current && !stream && current.current.status === 'loading') session.pause('camera');
  }, [answered, stream, session]);

  useEffect(() => {
    const el = video.current;
    if (!stream) return;
    // Paused or ended (its video gone) while the browser was still asking for the camera: let the camera go.
    if (!el || current.current.status !== 'loading') return close();
    el.srcObject = stream;
    el.play().catch(() => undefined);
    const track = stream.getVideoTracks()[0];
    const lost = () => session.pause('camera');
    const ready = () => session.started();
    track?.addEventListener('ended', lost);
    el.addEventListener('loadeddata', ready, { once: true });
    return () => {
      track?.removeEventListener('ended', lost);
      el.removeEventListener('loadeddata', ready);
      el.srcObject = null;
    };
  }, [stream, close, session]);

  // A hidden tab pauses; coming back resumes what it paused.
  useEffect(() => {
    if (!enabled) return;
    const onVisibility = () => {
      const { status, reason } = current.current;
      if (document.visibilityState === 'hidden' && (status === 'loading' || status === 'active')) session.pause('hidden');
      else if (document.visibilityState === 'visible' && status === 'paused' && reason === 'hidden') session.begin(0);
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [enabled, session]);

  return useMemo(
    () => ({
      state,
      problem,
      video,
      pause: () => session.pause('manual'),
      resume: () => session.begin(0),
      /** The server refused progress: the last snapshot failed its check. */
      refused: () => {
        if (current.current.status !== 'off') session.pause('no_face');
      },
    }),
    [state, problem, session],
  );
}
