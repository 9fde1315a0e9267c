import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatLength, lessonTypeLabels, type OutlineLesson, type StaffOutline } from '@school/shared/staff/outline';
import { Button } from '@/components/button';
import { notify } from '@/components/toast';
import { paths } from '@/config/paths';
import { errorDetail } from '@/lib/api-error';
import { conflictOf } from '../../../components/conflict-banner';
import { QueryState } from '../../../components/query-state';
import { staffPaths } from '../../../config/staff-paths';
import { useOutline, useOutlineWrite, useShowOutline } from '../api/outline-calls';
import { useReloadVideoQuestions, useVideoQuestions } from '../api/video-question-calls';
import { LessonFileUpload, takesFile } from '../components/lesson-file-upload';
import { LessonFormCard } from '../components/lesson-form';
import { VideoQuestionsEditor } from '../components/video-questions-editor';

/** /staff/courses/{id}/lessons/{lessonId}: one lesson's fields, its file, and an interactive video's questions. */
export function LessonEditor() {
  const params = useParams();
  const courseId = Number(params.id);
  const lessonId = Number(params.lessonId);
  const outline = useOutline(Number.isInteger(courseId) ? courseId : 0);
  return (
    <div className="console-page">
      <QueryState query={outline} what="The lesson">
        {(data) => {
          const lesson = data.modules.flatMap((m) => m.lessons).find((l) => l.id === lessonId);
          return lesson ? (
            // A new lesson is a new page: nothing typed for another one is kept or sent.
            <LessonPage key={lesson.id} outline={data} lesson={lesson} />
          ) : (
            <p className="banner banner-error" role="alert">
              This lesson is no longer in the course. <Link to={staffPaths.courseOutline(data.course.id)}>Back to the outline</Link>
            </p>
          );
        }}
      </QueryState>
    </div>
  );
}

function LessonPage({ outline, lesson }: { outline: StaffOutline; lesson: OutlineLesson }) {
  const reloadQuestions = useReloadVideoQuestions();
  // Both editors save to the lesson's version: after one saves, the other reads the lesson again.
  const onLessonSaved = useCallback(() => void reloadQuestions(lesson.id), [reloadQuestions, lesson.id]);
  return (
    <>
      <p>
        <Link to={staffPaths.courseOutline(outline.course.id)}>{outline.course.name}: outline</Link>
      </p>
      <div className="console-head">
        <h1>{lesson.name}</h1>
        <span className="status-badge">{lessonTypeLabels[lesson.type]}</span>
        <Link className="btn btn-ghost" to={paths.coursePlayer(outline.course.slug, String(lesson.id))}>
          Preview as student
        </Link>
      </div>
      {lesson.problem && <p className="banner banner-info">Before the course can be published: {lesson.problem}</p>}
      <LessonFormCard courseId={outline.course.id} lesson={lesson} onSaved={onLessonSaved} />
      {takesFile(lesson.type) && <LessonFile courseId={outline.course.id} lesson={lesson} onSaved={onLessonSaved} />}
      {lesson.type === 'ivideo' && <LessonQuestions lessonId={lesson.id} />}
      {lesson.exam !== null && (
        <section aria-labelledby="lesson-questions">
          <h2 id="lesson-questions">Questions</h2>
          <p>
            {lesson.type === 'survey' ? 'The survey' : 'The exam'} has its own editor: settings, questions and their answers.{' '}
            <Link to={staffPaths.exam(lesson.exam)}>Edit questions</Link>
          </p>
        </section>
      )}
    </>
  );
}

/** The lesson's file: what it has now, and the upload panel that sends another. */
function LessonFile({ courseId, lesson, onSaved }: { courseId: number; lesson: OutlineLesson; onSaved: () => void }) {
  const write = useOutlineWrite(courseId);
  const show = useShowOutline(courseId);
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const attach = useCallback(
    async (upload: string) => {
      try {
        await write.mutateAsync({ kind: 'edit-lesson', id: lesson.id, version: lesson.version, patch: { upload } });
        notify.success('The file was added to the lesson.');
        onSaved();
        return true;
      } catch (failure) {
        const refused = conflictOf<StaffOutline>(failure);
        if (refused) show(refused.current);
        notify.error(refused ? 'Somebody saved this lesson meanwhile: it is reloaded. Try again.' : (errorDetail(failure) ?? 'The file could not be added. Try again.'));
        return false;
      }
    },
    [write, show, lesson.id, lesson.version, onSaved],
  );
  return (
    <section aria-labelledby="lesson-file" className="console-form">
      <h2 id="lesson-file">File</h2>
      <p>{lesson.has_file ? (lesson.media_seconds ? `A file is in place, ${formatLength(lesson.media_seconds)} long.` : 'A file is in place.') : 'No file yet.'}</p>
      {open ? (
        <LessonFileUpload lesson={lesson} onReady={attach} onClose={close} />
      ) : (
        <div className="row-actions">
          <Button variant="ghost" label={lesson.has_file ? 'Replace file' : 'Upload file'} onClick={() => setOpen(true)} />
        </div>
      )}
    </section>
  );
}

function LessonQuestions({ lessonId }: { lessonId: number }) {
  const questions = useVideoQuestions(lessonId);
  return (
    <section aria-label="Questions on the video">
      <QueryState query={questions} what="The questions">
        {(data) => <VideoQuestionsEditor loaded={data} />}
      </QueryState>
    </section>
  );
}
