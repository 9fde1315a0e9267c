import { createElement, useEffect, useMemo, useRef, useState } from 'react';
import {
  MediaControlBar,
  MediaController,
  MediaFullscreenButton,
  MediaLoadingIndicator,
  MediaMuteButton,
  MediaPlayButton,
  MediaSeekBackwardButton,
  MediaTimeDisplay,
  MediaTimeRange,
  MediaVolumeRange,
} from 'media-chrome/react';
import { DEFAULT_VOLUME } from '@school/shared/learning/rules';
import type { Courseware, VideoQuestion } from '@school/shared/learning/schemas';
import { fetchCourseware } from '../api/player-calls';
import { loadScript } from './load-script';
import { MediaUnavailable } from './media-unavailable';
import { SeekGuard } from './seek-guard';

const YOUTUBE_API = 'https://www.youtube.com/iframe_api';
import { useStudyPause } from './study-pause';
import { useProgressSaver } from './use-progress-saver';
import { VideoQuestionCard } from './video-question';

interface Props {
  courseware: Courseware;
  /** Whether the caller's progress is recorded (a student's enrolment; staff preview without). */
  recording: boolean;
  onEnded: () => void;
}

/**
 * Video, audio, interactive video and YouTube lessons through media-chrome (spec 2 §4): forward seeking blocked
 * unless allowed, resume from the saved second (from 0 once completed), volume 0.8, no context menu, progress
 * saved as the media plays, and the end completing the courseware.
 */
export function MediaLesson({ courseware, recording, onEnded }: Props) {
  const controller = useRef<HTMLElement>(null);
  // A <video>, an <audio> or a <youtube-video>: each speaks the HTMLMediaElement interface.
  const media = useRef<HTMLVideoElement>(null);
  const start = courseware.completed ? 0 : courseware.seconds;
  const guard = useMemo(() => new SeekGuard(start, courseware.forward_streaming), [courseware.id, courseware.forward_streaming, start]);
  const saver = useProgressSaver(courseware.id, courseware.seconds, recording && !courseware.completed);
  const [failed, setFailed] = useState(false);
  // A private file's address expires (15 minutes) and differs at every read of the lesson: the element keeps the
  // one it started with, and when the file server refuses it, asks for a new one and goes on where it was.
  const [src, setSrc] = useState(courseware.file);
  // Whether the lesson plays a file of ours (not a YouTube address); stable across reads of the lesson.
  const hasFile = courseware.file !== null;
  const renewals = useRef(0);
  const resumeAt = useRef<{ at: number; playing: boolean } | null>(null);
  const questions = useRef<VideoQuestion[]>([]);
  const [asking, setAsking] = useState<VideoQuestion | null>(null);
  const askingRef = useRef<VideoQuestion | null>(null);
  const isYoutube = courseware.type === 'yt';
  const { paused } = useStudyPause();
  const pausedRef = useRef(paused);
  // A video is black at '0:00 / 0:00' until its first frame arrives (slow lines): it says it is loading till then.
  const [framed, setFramed] = useState<number | null>(null);
  const firstFrame = () => setFramed(courseware.id);

  useEffect(() => {
    questions.current = (courseware.interactive_video?.contents ?? []).filter((q) => !q.done).sort((a, b) => a.timestamp - b.timestamp);
  }, [courseware]);

  // The element loads YouTube's API itself and only logs a failure: loading it here first tells a blocked network.
  useEffect(() => {
    if (!isYoutube) return;
    void import('youtube-video-element');
    loadScript(YOUTUBE_API).catch(() => setFailed(true));
  }, [isYoutube]);

  // A paused snapshot session stops the media, and keeps it stopped.
  useEffect(() => {
    pausedRef.current = paused;
    if (paused) media.current?.pause();
  }, [paused]);

  // The latest callback, without re-attaching the media's listeners when the page re-renders.
  const onEndedRef = useRef(onEnded);
  useEffect(() => {
    onEndedRef.current = onEnded;
  }, [onEnded]);

  useEffect(() => {
    const el = media.current;
    const box = controller.current;
    if (!el || !box) return;
    let ended = false;
    let resumed = false;
    const ask = (seconds: number) => {
      if (askingRef.current) return;
      const due = questions.current.find((q) => q.timestamp <= seconds);
      if (!due) return;
      el.pause();
      if (document.fullscreenElement) void document.exitFullscreen();
      askingRef.current = due;
      setAsking(due);
    };
    const onTime = () => {
      const back = guard.moved(el.currentTime);
      if (back !== null) {
        el.currentTime = back;
        return;
      }
      saver.played(el.currentTime);
      ask(el.currentTime);
    };
    const onSeekRequest = (event: Event) => {
      const to = (event as CustomEvent<number>).detail;
      if (!guard.allows(to)) event.stopPropagation();
    };
    // Once per lesson: the volume and the second to resume from.
    const onMetadata = () => {
      renewals.current = 0;
      const renewed = resumeAt.current;
      if (renewed) {
        resumeAt.current = null;
        el.currentTime = renewed.at;
        if (renewed.playing) void el.play();
      }
      if (resumed) return;
      resumed = true;
      el.volume = DEFAULT_VOLUME;
      if (start > 0 && Math.abs(el.currentTime - start) > 1) el.currentTime = start;
    };
    const onPlay = () => {
      if (askingRef.current || pausedRef.current) el.pause();
    };
    const onEnd = () => {
      if (ended) return;
      ended = true;
      saver.played(el.duration || el.currentTime);
      void saver.save().then(() => {
        if (!courseware.completed) onEndedRef.current();
      });
    };
    const onError = () => {
      // Three refusals in a row: the file itself is the problem, not its address.
      if (!hasFile || renewals.current >= 3) return setFailed(true);
      renewals.current++;
      resumeAt.current = { at: el.currentTime, playing: !el.paused };
      fetchCourseware(courseware.id).then((fresh) => {
        if (!fresh.file) return setFailed(true);
        // Asked again within the same second, the address is the same one: load it again.
        if (new URL(fresh.file, window.location.href).href === el.src) el.load();
        else setSrc(fresh.file);
      }, () => setFailed(true));
    };
    const onPause = () => void saver.save();
    box.addEventListener('mediaseekrequest', onSeekRequest, true);
    el.addEventListener('timeupdate', onTime);
    el.addEventListener('seeking', onTime);
    el.addEventListener('loadedmetadata', onMetadata);
    el.addEventListener('play', onPlay);
    el.addEventListener('pause', onPause);
    el.addEventListener('ended', onEnd);
    el.addEventListener('error', onError);
    if (el.readyState >= 1) onMetadata();
    // A refusal can come back before these listeners are on.
    if (el.error) onError();
    return () => {
      box.removeEventListener('mediaseekrequest', onSeekRequest, true);
      el.removeEventListener('timeupdate', onTime);
      el.removeEventListener('seeking', onTime);
      el.removeEventListener('loadedmetadata', onMetadata);
      el.removeEventListener('play', onPlay);
      el.removeEventListener('pause', onPause);
      el.removeEventListener('ended', onEnd);
      el.removeEventListener('error', onError);
    };
  }, [courseware.completed, courseware.id, hasFile, guard, saver, start]);

  function answered() {
    const done = askingRef.current;
    questions.current = questions.current.filter((q) => q !== done);
    askingRef.current = null;
    setAsking(null);
    void media.current?.play();
  }

  if (failed || (!courseware.file && !courseware.url)) {
    return <MediaUnavailable coursewareId={courseware.id} provider={isYoutube ? 'YouTube' : null} error={failed ? `could not load ${isYoutube ? YOUTUBE_API : 'the media file'}` : 'no address'} recording={recording} />;
  }

  const audio = courseware.type === 'audio';
  const waiting = !audio && !isYoutube && framed !== courseware.id;
  const mediaProps = { slot: 'media', ref: media, preload: 'metadata', playsInline: true };
  return (
    <div className={`media-lesson ${audio ? 'is-audio' : 'is-video'}`} onContextMenu={(e) => e.preventDefault()}>
      <MediaController ref={controller as never} audio={audio || undefined} hotkeys={courseware.forward_streaming ? undefined : 'noarrowright'}>
        {isYoutube
          ? createElement('youtube-video', { ...mediaProps, src: courseware.url })
          : audio
            ? <audio {...mediaProps} ref={media as never} src={src ?? undefined} />
            : (
              <video
                {...mediaProps}
                src={src ?? undefined}
                controlsList="nodownload"
                disablePictureInPicture
                onLoadedData={firstFrame}
                // Safari loads no frame before play: the metadata, then a pause in loading, is as far as it goes.
                onSuspend={(e) => e.currentTarget.readyState >= 1 && firstFrame()}
              />
            )}
        {waiting && (
          <div slot="centered-chrome" className="media-waiting" role="status">
            <span className="spinner" aria-hidden="true" /> Loading video
          </div>
        )}
        {!audio && !waiting && <MediaLoadingIndicator slot="centered-chrome" noAutohide />}
        <MediaControlBar>
          <MediaPlayButton />
          <MediaSeekBackwardButton seekOffset={10} />
          <MediaTimeRange />
          {/* No '0:00 / 0:00' before there is anything to time. */}
          {!waiting && <MediaTimeDisplay showDuration noToggle />}
          <MediaMuteButton />
          <MediaVolumeRange />
          {!audio && <MediaFullscreenButton />}
        </MediaControlBar>
      </MediaController>
      {asking && <VideoQuestionCard key={asking.id} question={asking} onDone={answered} />}
    </div>
  );
}
