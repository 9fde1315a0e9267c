import { useEffect, useMemo, useRef } from 'react';
import { saveProgress } from '../api/player-calls';
import { isSessionPaused, useStudyPause } from './study-pause';

/** How often, in played seconds, progress is saved while the media plays. */
const SAVE_EVERY_SECONDS = 10;
/** After a refused or failed save, the next try waits this long. */
const RETRY_AFTER_MS = 5000;

/**
 * Saves the second reached (spec 2 §4): while playing, on pause, when the page is left or hidden; only when it
 * is past what is stored, one save at a time, never while the snapshot session is paused. The server refuses more
 * than real time allows; such a save is tried again a little later. A refusal for a failed snapshot pauses the
 * session.
 */
export function useProgressSaver(coursewareId: number, savedSeconds: number, enabled: boolean) {
  const stored = useRef(savedSeconds);
  const reached = useRef(savedSeconds);
  const busy = useRef(false);
  const retryAt = useRef(0);
  // Read when a save is due, without making a new saver at each pause.
  const pause = useStudyPause();
  const studyPause = useRef(pause);
  useEffect(() => {
    studyPause.current = pause;
  }, [pause]);

  const saver = useMemo(() => {
    const save = (keepalive = false) => {
      const seconds = Math.floor(reached.current);
      if (!enabled || studyPause.current.paused || seconds <= stored.current || (busy.current && !keepalive)) return Promise.resolve();
      busy.current = true;
      return saveProgress(coursewareId, seconds, keepalive)
        .then(
          (result) => {
            stored.current = Math.max(stored.current, result.seconds);
          },
          (error) => {
            if (isSessionPaused(error)) studyPause.current.refused();
            retryAt.current = Date.now() + RETRY_AFTER_MS;
          },
        )
        .finally(() => {
          busy.current = false;
        });
    };
    /** The media's clock moved to `seconds` by playing (not by a refused seek). */
    const played = (seconds: number) => {
      if (seconds > reached.current) reached.current = seconds;
      if (reached.current - stored.current >= SAVE_EVERY_SECONDS && Date.now() >= retryAt.current) void save();
    };
    // On leaving, the page may be gone before the answer comes: that request is kept alive.
    return { played, save: () => save(), leave: () => save(true) };
  }, [coursewareId, enabled]);

  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') void saver.save();
    };
    const onLeave = () => void saver.leave();
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onLeave);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onLeave);
      void saver.save();
    };
  }, [saver]);

  return saver;
}
