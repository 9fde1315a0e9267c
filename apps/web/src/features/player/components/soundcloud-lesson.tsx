import { useEffect, useMemo, useRef, useState } from 'react';
import type { Courseware } from '@school/shared/learning/schemas';
import { loadScript } from './load-script';
import { MediaUnavailable } from './media-unavailable';
import { SeekGuard } from './seek-guard';
import { useStudyPause } from './study-pause';
import { useProgressSaver } from './use-progress-saver';

interface Widget {
  bind(event: string, listener: (e: { currentPosition: number }) => void): void;
  unbind(event: string): void;
  seekTo(ms: number): void;
  setVolume(percent: number): void;
  pause(): void;
}
declare global {
  interface Window {
    SC?: { Widget: ((iframe: HTMLIFrameElement) => Widget) & { Events: Record<string, string> } };
  }
}

const WIDGET_API = 'https://w.soundcloud.com/player/api.js';

/** A SoundCloud lesson (sc) through its widget API, with the progress rules of our own audio as far as the API allows. */
export function SoundcloudLesson({ courseware, recording, onEnded }: { courseware: Courseware; recording: boolean; onEnded: () => void }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const widgetRef = useRef<Widget | null>(null);
  const { paused } = useStudyPause();
  const [failed, setFailed] = useState(false);
  const start = courseware.completed ? 0 : courseware.seconds;
  const guard = useMemo(() => new SeekGuard(start, courseware.forward_streaming), [courseware.id, courseware.forward_streaming, start]);
  const saver = useProgressSaver(courseware.id, courseware.seconds, recording && !courseware.completed);
  const src = `https://w.soundcloud.com/player/?url=${encodeURIComponent(courseware.url ?? '')}&auto_play=false&visual=false`;

  const onEndedRef = useRef(onEnded);
  useEffect(() => {
    onEndedRef.current = onEnded;
  }, [onEnded]);

  useEffect(() => {
    let live = true;
    let unbind = () => undefined as void;
    loadScript(WIDGET_API).then(
      () => {
        if (!live || !frame.current || !window.SC) return;
        const widget = window.SC.Widget(frame.current);
        widgetRef.current = widget;
        const events = window.SC.Widget.Events;
        unbind = () => ['READY', 'PLAY_PROGRESS', 'SEEK', 'PAUSE', 'FINISH'].forEach((name) => widget.unbind(events[name]!));
        widget.bind(events.READY!, () => {
          widget.setVolume(80);
          if (start > 0) widget.seekTo(start * 1000);
        });
        const moved = (e: { currentPosition: number }) => {
          const back = guard.moved(e.currentPosition / 1000);
          if (back !== null) widget.seekTo(back * 1000);
          else saver.played(e.currentPosition / 1000);
        };
        widget.bind(events.PLAY_PROGRESS!, moved);
        widget.bind(events.SEEK!, moved);
        widget.bind(events.PAUSE!, () => void saver.save());
        widget.bind(events.FINISH!, () => {
          void saver.save().then(() => {
            if (!courseware.completed) onEndedRef.current();
          });
        });
      },
      () => setFailed(true),
    );
    return () => {
      live = false;
      unbind();
    };
  }, [courseware.completed, guard, saver, start]);

  // A paused snapshot session stops the sound; the lesson is out of reach until it resumes.
  useEffect(() => {
    if (paused) widgetRef.current?.pause();
  }, [paused]);

  if (failed || !courseware.url) return <MediaUnavailable coursewareId={courseware.id} provider="SoundCloud" error={courseware.url ? `could not load ${WIDGET_API}` : 'no address'} recording={recording} />;
  return <iframe ref={frame} className="soundcloud-lesson" title={courseware.name} src={src} allow="autoplay" />;
}
