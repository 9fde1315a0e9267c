import type { FastifyInstance } from 'fastify';
import {
  videoQuestionEditorMessages,
  videoQuestionProblems,
  type StaffVideoQuestions,
  type VideoQuestionsPut,
} from '@school/shared/staff/video-questions';
import { invalid, notFound } from '../../lib/errors';
import { recordAudit, staleWrite } from '../audit/service';
import { staffCourseEditing } from '../catalogue/staff-lesson-access';
import type { StaffContext } from '../staff/context';
import { editorVideoQuestionOf, lessonFileUrl, videoQuestionRowOf } from './presenter';
import { learningRepository } from './repository';
import { staffVideoQuestionWrites } from './staff-repository';

type Found = Awaited<ReturnType<ReturnType<typeof staffCourseEditing>['lesson']>>;


/**
 * An interactive video's questions: placed at a second and a spot on the paused player. A save replaces them all
 * under the lesson's version. A question edited in place keeps the answers students gave it; one removed takes
 * them along (docs/decisions.md).
 */
export function staffVideoQuestionService(app: FastifyInstance) {
  const editing = staffCourseEditing(app.db);
  const learning = learningRepository(app.db);

  /** Only an interactive video has questions: any other lesson answers 404 here. */
  async function load(ctx: StaffContext, id: number) {
    const found = await editing.lesson(ctx, id);
    if (found.lesson.type !== 'ivideo') throw notFound();
    return found;
  }

  async function present(ctx: StaffContext, found: Found): Promise<StaffVideoQuestions> {
    const { lesson, course } = found;
    const questions = await learning.videoQuestions(ctx.school.id, lesson.id);
    return {
      lesson: { id: lesson.id, name: lesson.name, version: lesson.version, media_seconds: lesson.mediaSeconds },
      course: { id: course.id, name: course.name, slug: course.slug },
      video_url: await lessonFileUrl(app.storage, lesson.file, ctx.actor.userId),
      max_attempts: lesson.maxAttempts,
      questions: questions.map((q) => ({ id: q.id, ...editorVideoQuestionOf(q) })),
    };
  }

  return {
    async get(ctx: StaffContext, id: number) {
      return present(ctx, await load(ctx, id));
    },

    async save(ctx: StaffContext, id: number, version: number, body: VideoQuestionsPut) {
      const found = await load(ctx, id);
      if (body.questions.length > 0 && !found.lesson.file) throw invalid({ questions: videoQuestionEditorMessages.noVideo });
      const problems = videoQuestionProblems(body, found.lesson.mediaSeconds);
      if (Object.keys(problems).length) throw invalid(problems);
      const before = await learning.videoQuestions(ctx.school.id, id);
      const known = new Set(before.map((q) => q.id));
      const ids = body.questions.flatMap((q) => (q.id === undefined ? [] : [q.id]));
      const unknown = ids.some((qid) => !known.has(qid));
      // A question removed by a save since this one's version: the editor was stale (412 with the lesson as it is).
      if (unknown && version !== found.lesson.version) throw await staleWrite(app.db, ctx.school.id, { type: 'courseware', id }, await present(ctx, found), found.lesson.version);
      if (unknown || new Set(ids).size !== ids.length) throw invalid({ questions: videoQuestionEditorMessages.gone });

      const saved = await app.db.transaction(async (tx) => {
        const writes = staffVideoQuestionWrites(tx);
        const lesson = await writes.touchLesson(ctx.school.id, id, version, body.max_attempts);
        if (!lesson) return null;
        for (const q of body.questions) {
          const columns = videoQuestionRowOf(q);
          if (q.id === undefined) await writes.insert(ctx.school.id, id, columns);
          else await writes.edit(ctx.school.id, id, q.id, columns);
        }
        await writes.remove(
          ctx.school.id,
          id,
          before.filter((q) => !ids.includes(q.id)).map((q) => q.id),
        );
        const summary = (questions: { timestamp: number; type: string; content: string }[]) => questions.map((q) => `${q.timestamp}s ${q.type}: ${q.content}`);
        await recordAudit(tx, ctx.audit, {
          action: 'courseware.questions',
          subject: { type: 'courseware', id },
          before: { max_attempts: found.lesson.maxAttempts, questions: summary(before) },
          after: { max_attempts: lesson.maxAttempts, questions: summary([...body.questions].sort((a, b) => a.timestamp - b.timestamp)) },
        });
        return lesson;
      });
      if (!saved) {
        const current = await load(ctx, id);
        throw await staleWrite(app.db, ctx.school.id, { type: 'courseware', id }, await present(ctx, current), current.lesson.version);
      }
      return present(ctx, await load(ctx, id));
    },
  };
}
