import type { FastifyInstance } from 'fastify';
import { examEditorMessages, examEditorProblems, questionContent, type StaffExam, type StaffExamPut } from '@school/shared/staff/exams';
import { invalid, notFound } from '../../lib/errors';
import { recordAudit, staleWrite } from '../audit/service';
import { staffCoursePolicy } from '../catalogue/policy';
import type { StaffContext } from '../staff/context';
import { editorQuestionOf, examQuestionColumns } from './presenter';
import type { QuestionRow } from './repository';
import { staffExamRepository, staffExamWrites } from './staff-repository';

type Found = NonNullable<Awaited<ReturnType<ReturnType<typeof staffExamRepository>['find']>>>;


/**
 * The exam and survey editor. A save replaces the settings and the questions under the exam's version; a question
 * that an attempt has had (one started at a version where it was live) is never changed or deleted: it is retired
 * and, when edited, a new question takes its place, so every attempt keeps being scored as it was taken.
 */
export function staffExamService(app: FastifyInstance) {
  const repo = staffExamRepository(app.db);

  async function load(ctx: StaffContext, id: number) {
    const found = await repo.find(ctx.school.id, id);
    if (!found) throw notFound();
    staffCoursePolicy.authorize(ctx.actor, 'editExams', { ...found.course, instructorIds: found.instructorIds });
    return found;
  }

  async function present(ctx: StaffContext, found: Found): Promise<StaffExam> {
    const { exam } = found;
    const questions = await repo.current(ctx.school.id, exam.id);
    return {
      id: exam.id,
      kind: found.courseware.type === 'survey' ? 'survey' : 'exam',
      version: exam.version,
      courseware: { id: found.courseware.id, name: found.courseware.name },
      course: { id: found.course.id, name: found.course.name, slug: found.course.slug },
      attempts: found.attempts,
      description: exam.description,
      passing_rate: exam.passingRate,
      max_attempts: exam.maxAttempts,
      duration_minutes: exam.durationMinutes,
      date_start: exam.dateStart,
      date_end: exam.dateEnd,
      show_answers: exam.showAnswers,
      questions: questions.map((q) => ({ id: q.id, ...editorQuestionOf(q) })),
    };
  }

  return {
    async get(ctx: StaffContext, id: number) {
      return present(ctx, await load(ctx, id));
    },

    async save(ctx: StaffContext, id: number, version: number, body: StaffExamPut) {
      const found = await load(ctx, id);
      const problems = examEditorProblems(body, found.courseware.type === 'survey');
      if (Object.keys(problems).length) throw invalid(problems);
      const before = await repo.current(ctx.school.id, id);
      const known = new Map(before.map((q) => [q.id, q]));
      const ids = body.questions.flatMap((q) => (q.id === undefined ? [] : [q.id]));
      // A question that is not the exam's any more, or the same one twice: the editor's copy is out of date.
      if (ids.some((qid) => !known.has(qid)) || new Set(ids).size !== ids.length) throw invalid({ questions: examEditorMessages.gone });

      const saved = await app.db.transaction(async (tx) => {
        const writes = staffExamWrites(tx);
        const exam = await writes.update(ctx.school.id, id, version, {
          description: body.description,
          passingRate: body.passing_rate,
          maxAttempts: body.max_attempts,
          durationMinutes: body.duration_minutes,
          dateStart: body.date_start,
          dateEnd: body.date_end,
          showAnswers: body.show_answers,
        });
        if (!exam) return null;
        // A question some attempt has had: one that was live at a version an attempt started at.
        const latest = await writes.latestAttemptVersion(ctx.school.id, id);
        const taken = (q: QuestionRow) => latest !== null && latest >= q.addedIn;
        const kept = new Set<number>();
        const retired: number[] = [];
        for (const [position, q] of body.questions.entries()) {
          const columns = examQuestionColumns(q, position);
          const old = q.id === undefined ? undefined : known.get(q.id);
          if (!old) {
            await writes.insert(ctx.school.id, id, exam.version, columns);
            continue;
          }
          kept.add(old.id);
          const changed = questionContent(editorQuestionOf(old)) !== questionContent({ ...q, choices: columns.choices, correct_answer: columns.correctAnswer });
          if (!changed || !taken(old)) await writes.edit(ctx.school.id, old.id, columns);
          else {
            retired.push(old.id);
            await writes.insert(ctx.school.id, id, exam.version, columns);
          }
        }
        const dropped = before.filter((q) => !kept.has(q.id));
        retired.push(...dropped.filter(taken).map((q) => q.id));
        await writes.retire(ctx.school.id, retired, exam.version);
        await writes.remove(ctx.school.id, dropped.filter((q) => !taken(q)).map((q) => q.id));
        const settings = (e: typeof found.exam) => ({ passing_rate: e.passingRate, max_attempts: e.maxAttempts, duration_minutes: e.durationMinutes, date_start: e.dateStart, date_end: e.dateEnd, show_answers: e.showAnswers, description: e.description });
        await recordAudit(tx, ctx.audit, {
          action: 'exam.update',
          subject: { type: 'exam', id },
          before: { ...settings(found.exam), questions: before.length, version: found.exam.version },
          after: { ...settings(exam), questions: body.questions.length, version: exam.version, retired: retired.length },
        });
        return exam;
      });
      if (!saved) {
        const current = await load(ctx, id);
        throw await staleWrite(app.db, ctx.school.id, { type: 'exam', id }, await present(ctx, current), current.exam.version);
      }
      return present(ctx, await load(ctx, id));
    },
  };
}

