import { useCallback, useEffect, useRef, useState } from 'react';

export type CameraProblem = 'unsupported' | 'denied' | 'missing' | 'busy' | 'failed';

/** What the page says when the camera cannot start, and what to do about it. */
export const cameraProblems: Record<CameraProblem, string> = {
  unsupported: 'This browser cannot use a camera on this page. Open the site in a current browser.',
  denied: 'Camera access is blocked. Allow the camera for this site in your browser settings, then open the camera again.',
  missing: 'No camera was found. Connect a camera, then open the camera again.',
  busy: 'The camera is in use by another application. Close that application, then open the camera again.',
  failed: 'The camera could not be started. Please try again.',
};

/** getUserMedia's failures by name (the names browsers give their DOMExceptions). */
function problemOf(error: unknown): CameraProblem {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'missing';
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy';
  return 'failed';
}

const stop = (stream: MediaStream | null) => stream?.getTracks().forEach((track) => track.stop());

/**
 * The webcam, video only: `open` asks for it (the browser asks the user the first time), `close` turns it off,
 * and leaving the page turns it off too. `problem` says why it could not start.
 */
export function useCamera(constraints: MediaTrackConstraints) {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const [opening, setOpening] = useState(false);
  const current = useRef<MediaStream | null>(null);
  const mounted = useRef(true);
  // The constraints of the first render: a caller's inline object must not make a new `open` each render.
  const wanted = useRef(constraints);

  const close = useCallback(() => {
    stop(current.current);
    current.current = null;
    setStream(null);
  }, []);

  const open = useCallback(async () => {
    setProblem(null);
    if (!navigator.mediaDevices?.getUserMedia) return setProblem('unsupported');
    setOpening(true);
    try {
      const opened = await navigator.mediaDevices.getUserMedia({ video: wanted.current, audio: false });
      // The page may have gone while the user was answering the browser's question.
      if (!mounted.current) return stop(opened);
      stop(current.current);
      current.current = opened;
      setStream(opened);
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setOpening(false);
    }
  }, []);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      stop(current.current);
    };
  }, []);

  return { stream, problem, opening, open, close };
}
