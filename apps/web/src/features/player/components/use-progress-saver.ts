import { useCallback, useEffect, useRef } from 'react';
import { saveProgress } from '../api/player-calls';

/** How often, in played seconds, progress is saved while the media plays. */
const SAVE_EVERY_SECONDS = 10;

/**
 * Saves the second reached (spec 2 §4): while playing, on pause, when the page is left or hidden; only when it
 * is past what is stored. The server refuses more than real time allows; such a save is simply tried again later.
 */
export function useProgressSaver(coursewareId: number, savedSeconds: number, enabled: boolean) {
  const stored = useRef(savedSeconds);
  const reached = useRef(savedSeconds);

  const save = useCallback(() => {
    const seconds = Math.floor(reached.current);
    if (!enabled || seconds <= stored.current) return Promise.resolve();
    return saveProgress(coursewareId, seconds).then(
      (result) => {
        stored.current = Math.max(stored.current, result.seconds);
      },
      () => undefined,
    );
  }, [coursewareId, enabled]);

  /** The media's clock moved to `seconds` by playing (not by a refused seek). */
  const played = useCallback(
    (seconds: number) => {
      if (seconds > reached.current) reached.current = seconds;
      if (reached.current - stored.current >= SAVE_EVERY_SECONDS) void save();
    },
    [save],
  );

  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') void save();
    };
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', save);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', save);
      void save();
    };
  }, [save]);

  return { played, save };
}
