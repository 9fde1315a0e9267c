import type { FastifyInstance } from 'fastify';
import type { Courseware, VideoQuestion } from '@school/shared/learning/schemas';
import { zonedInstant } from '@school/shared/school/dates';
import { videoQuestionColumns, type StaffVideoQuestion } from '@school/shared/staff/video-questions';
import type { Storage } from '../../infra/storage/storage';
import { MAX_BOUND_LINK_SECONDS } from '../../infra/storage/viewer-cookie';
import type { SchoolRow } from '../tenancy/repository';
import type { learningRepository, ProgressRow, VideoQuestionRow } from './repository';

type Repo = ReturnType<typeof learningRepository>;

interface CoursewareView {
  app: FastifyInstance;
  school: SchoolRow;
  course: NonNullable<Awaited<ReturnType<Repo['findCourse']>>>;
  found: NonNullable<Awaited<ReturnType<Repo['findCourseware']>>>;
  questions: VideoQuestionRow[];
  room: Awaited<ReturnType<Repo['conferenceRoom']>> | undefined;
  neighbours: { previous: number | null; next: number | null };
  enrollmentId: number | null;
  saved: ProgressRow | undefined;
  previousCompleted: boolean;
  mayForward: boolean;
  answers: Awaited<ReturnType<Repo['videoAnswers']>>;
  /** The lesson file's address for this viewer (lessonFileUrl). */
  fileUrl: string | null;
}

/** A stored video question as its editor (and a course package) writes it. */
export const editorVideoQuestionOf = (q: VideoQuestionRow) => ({
  type: q.type,
  timestamp: q.timestamp,
  content: q.content,
  choices: q.choices,
  correct_answer: q.correctAnswer,
  remarks: q.remarks,
  location: q.location,
});

/** An editor's video question as stored, with only what its type uses. */
export function videoQuestionRowOf(q: Omit<StaffVideoQuestion, 'id'>) {
  const c = videoQuestionColumns(q);
  return { type: c.type, timestamp: c.timestamp, content: c.content, choices: c.choices, correctAnswer: c.correct_answer, remarks: c.remarks, location: c.location };
}

/** How long the player's address of a private lesson file lasts (the page asks again when it has expired). */
export const LESSON_LINK_SECONDS = MAX_BOUND_LINK_SECONDS;

/**
 * A lesson file's address: lesson files (video, audio, PDF, interactive video) are private, reached through an
 * address bound to the viewer that expires; the player asks for a new one when it has.
 */
export async function lessonFileUrl(files: Storage, key: string | null, viewer: number) {
  return key ? files.signedUrl(key, { expiresIn: LESSON_LINK_SECONDS, viewer }) : null;
}

/** A question as the page may see it: the correct answer and the remarks only once the student is done with it. */
function presentQuestion(question: VideoQuestionRow, answer: CoursewareView['answers'][number] | undefined, staff: boolean): VideoQuestion {
  const done = staff || Boolean(answer?.done);
  return {
    id: question.id,
    type: question.type,
    timestamp: question.timestamp,
    content: question.content,
    choices: question.choices,
    location: question.location,
    attempts: answer?.attempts ?? 0,
    done: Boolean(answer?.done),
    correct: Boolean(answer?.correct),
    correct_answer: done ? question.correctAnswer : null,
    remarks: done ? question.remarks : null,
  };
}

export function presentCourseware(view: CoursewareView): Courseware {
  const { courseware, module } = view.found;
  const staff = view.enrollmentId === null;
  const room = view.room;
  return {
    id: courseware.id,
    name: courseware.name,
    description: courseware.description,
    type: courseware.type,
    file: view.fileUrl,
    url: courseware.url,
    seconds: view.saved?.seconds ?? 0,
    completed: Boolean(view.saved?.completedAt),
    previous_completed: view.previousCompleted,
    forward_streaming: view.mayForward,
    content: courseware.content,
    next: view.neighbours.next,
    previous: view.neighbours.previous,
    slug: view.course.slug,
    module: { name: module.name, description: module.description },
    module_name: module.name,
    // An address the editor gave (the school's video host, https), not a stored file.
    recording: room?.recording ?? null,
    enrollment: view.enrollmentId,
    exam: view.found.examId,
    exam_submission: null,
    date_submitted: null,
    conference_room: room
      ? {
          name: room.name,
          date: room.date,
          start_time: room.startTime.slice(0, 5),
          end_time: room.endTime.slice(0, 5),
          starts_at: zonedInstant(room.date, room.startTime, view.school.timeZone).toISOString(),
          code: room.code,
          use_studios: room.useStudios,
          url: `https://${view.app.config.JITSI_DOMAIN}/${room.code}`,
        }
      : null,
    interactive_video:
      courseware.type === 'ivideo'
        ? { contents: view.questions.map((q) => presentQuestion(q, view.answers.find((a) => a.questionId === q.id), staff)), max_attempts: courseware.maxAttempts }
        : null,
  };
}
