import { useRef, useState, type SyntheticEvent } from 'react';

/** Whether two addresses name the same file: a private file's address differs at every read (its signature). */
function sameFile(a: string, b: string) {
  const [x, y] = [new URL(a, window.location.href), new URL(b, window.location.href)];
  return x.origin === y.origin && x.pathname === y.pathname;
}

/**
 * The address of a private media file for a <video> or <audio>. It expires (15 minutes) and differs at every
 * read, so the element keeps the one it started with while the reads name the same file (a save that reads the
 * lesson again does not restart the video); when the file server refuses it, `renew` asks for a fresh one and
 * the element goes on where it was. Three refusals in a row: the file itself is the problem (`failed`).
 */
export function useRenewingSource(address: string | null, renew: () => Promise<string | null>) {
  const [src, setSrc] = useState(address);
  const [failed, setFailed] = useState(false);
  const refusals = useRef(0);
  const resumeAt = useRef<{ at: number; playing: boolean } | null>(null);
  if (address === null ? src !== null : src === null || !sameFile(src, address)) setSrc(address);

  const onLoadedMetadata = (event: SyntheticEvent<HTMLMediaElement>) => {
    const element = event.currentTarget;
    refusals.current = 0;
    const resume = resumeAt.current;
    if (!resume) return;
    resumeAt.current = null;
    element.currentTime = resume.at;
    if (resume.playing) void element.play();
  };

  const onError = (event: SyntheticEvent<HTMLMediaElement>) => {
    const element = event.currentTarget;
    if (refusals.current >= 3) return setFailed(true);
    refusals.current++;
    resumeAt.current = { at: element.currentTime, playing: !element.paused };
    renew().then(
      (fresh) => {
        if (!fresh) return setFailed(true);
        // Asked again within the same second, the address is the same one: load it again.
        if (new URL(fresh, window.location.href).href === element.src) element.load();
        else setSrc(fresh);
      },
      () => setFailed(true),
    );
  };

  return { src, failed, onLoadedMetadata, onError };
}
