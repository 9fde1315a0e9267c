import type { CourseDetail } from '@school/shared/catalogue/schemas';
import type { Courseware } from '@school/shared/learning/schemas';
import { lazy, Suspense, type ReactNode } from 'react';
import { Loading } from '@/components/loading';
import { MarkComplete } from './mark-complete';

// Each kind of lesson brings its own library (media-chrome, pdf.js, DOMPurify, Jitsi): loaded when first shown.
const HtmlLesson = lazy(() => import('./html-lesson').then((m) => ({ default: m.HtmlLesson })));
const LiveClass = lazy(() => import('./live-class').then((m) => ({ default: m.LiveClass })));
const MediaLesson = lazy(() => import('./media-lesson').then((m) => ({ default: m.MediaLesson })));
const PdfLesson = lazy(() => import('./pdf-lesson').then((m) => ({ default: m.PdfLesson })));
const ExamLesson = lazy(() => import('./exam-lesson').then((m) => ({ default: m.ExamLesson })));
const SoundcloudLesson = lazy(() => import('./soundcloud-lesson').then((m) => ({ default: m.SoundcloudLesson })));

interface Props {
  course: CourseDetail;
  courseware: Courseware;
  /** A student's progress is recorded; staff preview everything without a record. */
  recording: boolean;
  completing: boolean;
  /** Completes the courseware; true once the server has recorded it. */
  onComplete: () => Promise<boolean>;
  /** A live class was joined, or an exam submitted (which completed it): the outline's marks change, the page stays. */
  onJoined: () => void;
  /** To the next courseware (Next Courseware after an exam); null on the last. */
  onNext: (() => void) | null;
}

/** One lesson, by its type (spec 2 §1): each completes the way spec 2 §4 says. */
export function Lesson(props: Props) {
  return <Suspense fallback={<Loading />}>{lessonOf(props)}</Suspense>;
}

function lessonOf({ course, courseware, recording, completing, onComplete, onJoined, onNext }: Props): ReactNode {
  const mark = recording && <MarkComplete completed={courseware.completed} busy={completing} onComplete={onComplete} />;
  switch (courseware.type) {
    case 'video':
    case 'audio':
    case 'ivideo':
    case 'yt':
      return <MediaLesson key={courseware.id} courseware={courseware} recording={recording} onEnded={() => void onComplete()} />;
    case 'sc':
      return <SoundcloudLesson key={courseware.id} courseware={courseware} recording={recording} onEnded={() => void onComplete()} />;
    case 'pdf':
      return (
        <>
          {courseware.file && <PdfLesson file={courseware.file} name={courseware.name} download={course.config.pdf_download} />}
          {mark}
        </>
      );
    case 'html':
      return (
        <>
          <HtmlLesson content={courseware.content} />
          {mark}
        </>
      );
    case 'link':
      return (
        <>
          {courseware.url && (
            <p>
              <a className="btn btn-primary" href={courseware.url} target="_blank" rel="noopener noreferrer">
                Open {courseware.name}
              </a>
            </p>
          )}
          {mark}
        </>
      );
    case 'class':
      return <LiveClass courseware={courseware} onJoined={onJoined} />;
    case 'exam':
    case 'survey':
      return courseware.exam === null ? null : <ExamLesson courseware={courseware} staff={!recording} onSubmitted={onJoined} onNext={onNext} />;
    default:
      return null;
  }
}
