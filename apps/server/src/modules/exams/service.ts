import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { courseState } from '@school/shared/catalogue/rules';
import { examMessages as msg, isAutoScored, mayRetake, passes, requiredMessage, resultsRevealed, scoreChoice, scorePercent, SUBMIT_GRACE_SECONDS } from '@school/shared/exams/rules';
import { todayIn } from '@school/shared/school/dates';
import { badRequest, forbidden, invalid, notFound } from '../../lib/errors';
import type { SignedInActor } from '../auth/actor';
import { assertNotPaused, learningService } from '../learning/service';
import { recordAudit, type AuditContext } from '../audit/service';
import { recordEvent } from '../events/service';
import type { SchoolRow } from '../tenancy/repository';
import { submissionPolicy } from './policy';
import { presentExam, presentSubmission } from './presenter';
import { type AnswerInput, type AnswerRow, examRepository, type ExamRow, liveIn, type QuestionRow, type SubmissionRow } from './repository';
import { scoreProblem } from '@school/shared/staff/grading';

/** File answers: a document or a picture, known by their first bytes as well as by the type the browser sent. */
const FILE_TYPES: Record<string, { extension: string; magic: Buffer }> = {
  'application/pdf': { extension: 'pdf', magic: Buffer.from('%PDF-') },
  'image/png': { extension: 'png', magic: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
  'image/jpeg': { extension: 'jpg', magic: Buffer.from([0xff, 0xd8, 0xff]) },
};

/** A grade based on a version of the answer that another grade has replaced: the caller answers 412 with the answer now. */
export class StaleGrade extends Error {}

const isSurvey = (found: { courseware: { type: string } }) => found.courseware.type === 'survey';

/**
 * Whether an unsubmitted attempt's time has run out: answers are taken a little longer (the grace, for the
 * network), but once the page shows the time is up (its clock rounds to whole seconds), reading the exam submits
 * the attempt at once.
 */
const timeIsUp = (exam: ExamRow, submission: SubmissionRow, graceSeconds: number, now = new Date()) =>
  exam.durationMinutes > 0 && now.getTime() >= submission.startedAt.getTime() + (exam.durationMinutes * 60 + graceSeconds) * 1000;

/** Seconds from an attempt's start within which an answer is taken (the grace included); null when untimed. */
const answerDeadline = (exam: ExamRow) => (exam.durationMinutes > 0 ? exam.durationMinutes * 60 + SUBMIT_GRACE_SECONDS : null);

/** The totals of an attempt from its answers: choice answers scored, written and file answers pending until graded. */
function totals(questions: QuestionRow[], answers: AnswerRow[], passingRate: number, survey: boolean) {
  const totalPoints = questions.reduce((sum, q) => sum + q.points, 0);
  const totalScore = answers.reduce((sum, a) => sum + (a.score ?? 0), 0);
  const hasPending = !survey && questions.some((q) => !isAutoScored(q.type) && answers.some((a) => a.questionId === q.id && a.score === null));
  const passed = survey || (!hasPending && passes(totalScore, totalPoints, passingRate));
  return { totalScore, totalPoints, hasPending, passed };
}

/** The answer a question takes, as a list, checked against its type and choices (spec 2 §5). */
function checkedAnswer(question: QuestionRow, raw: string | string[]): string[] {
  const values = (Array.isArray(raw) ? raw : [raw]).map((v) => v.trim()).filter((v) => v !== '');
  if (question.type === 'file') throw invalid({ answer: requiredMessage('file') });
  if (values.length === 0) throw invalid({ answer: requiredMessage(question.type) });
  if (question.type === 'radio' || question.type === 'select' || question.type === 'checkbox') {
    if ((question.type !== 'checkbox' && values.length > 1) || values.some((v) => !question.choices.includes(v))) throw invalid({ answer: msg.notAChoice });
    return question.type === 'checkbox' ? [...new Set(values)] : values;
  }
  return [values.join('\n')];
}

/** Exams and surveys inside the player (spec 2 §4): attempts, timers, scoring on the server, grading by staff. */
export function examService(app: FastifyInstance) {
  const repo = examRepository(app.db);
  const learning = learningService(app);

  /** The exam as this student may take it: its limit raised by the attempts the school allowed them (0 stays unlimited). */
  const withAllowance = <T extends { exam: ExamRow; extraAttempts: number }>(found: T): T =>
    found.exam.maxAttempts > 0 && found.extraAttempts > 0 ? { ...found, exam: { ...found.exam, maxAttempts: found.exam.maxAttempts + found.extraAttempts } } : found;

  /** An exam (or one of its questions) with who is asking: staff, or a student who has opened its courseware. */
  async function examOf(actor: SignedInActor, school: SchoolRow, examId: number) {
    const row = await repo.examContext(school.id, actor.userId, examId);
    if (!row) throw notFound();
    const found = withAllowance(row);
    return { found, who: learning.studyingWith(actor, school, found) };
  }
  async function questionOf(actor: SignedInActor, school: SchoolRow, questionId: number) {
    const row = await repo.questionContext(school.id, actor.userId, questionId);
    if (!row) throw notFound();
    const found = withAllowance(row);
    return { found, who: learning.studyingWith(actor, school, found) };
  }

  const isOpen = (exam: ExamRow, school: SchoolRow) => courseState(exam.dateStart, exam.dateEnd, todayIn(school.timeZone)) === 'open';

  /** What the attempts so far allow: a pass or a pending grade in any of them stops retakes. */
  const historyOf = (attempts: SubmissionRow[], exam: ExamRow) => ({
    passed: attempts.some((a) => a.passed),
    pending: attempts.some((a) => a.hasPending),
    attemptsUsed: attempts.length,
    maxAttempts: exam.maxAttempts,
  });

  type Found = { exam: ExamRow; courseware: { id: number; type: string; name: string }; courseId: number };
  /** An exam as its context query reads it: with how many questions it has. */
  type Counted = Found & { questionCount: number };
  type Enrollment = { id: number; courseId: number };

  /**
   * Submits an attempt once, scoring it, in one transaction that holds the attempt's row: an answer being saved
   * at the same moment lands before the score or is refused. `answer` is saved first (the last question's Submit).
   * Undefined when the attempt was already submitted.
   */
  async function submitAttempt(school: SchoolRow, found: Found, submissionId: number, answer?: AnswerInput) {
    return app.db.transaction(async (t) => {
      const txRepo = examRepository(t);
      const locked = await txRepo.lockAttempt(school.id, submissionId);
      if (!locked || locked.submittedAt) return undefined;
      // The answer counts only within the attempt's time (the database's clock): past it, the attempt is submitted without it.
      const saved = answer ? await txRepo.saveAnswerWhileRunning(answer, answerDeadline(found.exam)) : true;
      // One query at a time: a transaction is one connection.
      const questions = await txRepo.questions(school.id, found.exam.id, locked.examVersion);
      const answers = await txRepo.answers(school.id, submissionId);
      const submitted = await txRepo.submit(school.id, submissionId, totals(questions, answers, locked.passingRate, isSurvey(found)));
      return submitted && { ...submitted, answerSaved: saved };
    });
  }

  /** Submits an attempt whose time ran out with the answers it has, and completes its courseware if that settles it. */
  async function submitLate(school: SchoolRow, found: Found, submissionId: number, enrollment: Enrollment, actorId: number) {
    const submitted = await submitAttempt(school, found, submissionId);
    if (submitted) await completeIfSettled(school, found, submitted, enrollment, actorId, 'exam.submitted');
    return submitted;
  }

  /** A submitted attempt with nothing pending completes its courseware (again harmless: the completion is recorded once). */
  async function completeIfSettled(school: SchoolRow, found: Found, submission: SubmissionRow, enrollment: Enrollment, actorId: number, type: 'exam.submitted' | 'exam.graded') {
    if (!submission.submittedAt || submission.hasPending) return;
    await learning.completeAssessment(school.id, enrollment, found.courseware.id, actorId, { type, data: { examId: found.exam.id, attempt: submission.attempt, passed: submission.passed } });
  }

  /**
   * The caller's attempts, the latest first. One whose time ran out is submitted with what it has; a settled one
   * whose courseware is not yet complete (the completion did not happen) completes it, as spec 2 §4 says of loading.
   */
  async function attemptsOf(school: SchoolRow, found: Found, enrollment: Enrollment, actorId: number, completed: boolean) {
    const attempts = await repo.attempts(school.id, enrollment.id, found.exam.id);
    const latest = attempts[0];
    if (latest && !latest.submittedAt && timeIsUp(found.exam, latest, -1)) {
      await submitLate(school, found, latest.id, enrollment, actorId);
      return repo.attempts(school.id, enrollment.id, found.exam.id);
    }
    if (latest && !completed) await completeIfSettled(school, found, latest, enrollment, actorId, 'exam.submitted');
    return attempts;
  }

  /** The exam as `viewer` sees it (the student of `attempts`, or staff previewing it with none). */
  async function present(school: SchoolRow, found: Counted, attempts: SubmissionRow[], staff: boolean, viewer: number) {
    const latest = attempts[0];
    // Before a first attempt a student sees only how many questions there are: the exam-start spike reads no question.
    const rows = !staff && !latest ? [] : await repo.questionsWithAnswers(school.id, found.exam.id, latest?.examVersion ?? found.exam.version, latest?.id ?? null);
    const questions = rows.map((r) => r.question);
    const answers = rows.flatMap((r) => (r.answer ? [r.answer] : []));
    const open = isOpen(found.exam, school);
    const history = historyOf(attempts, found.exam);
    const mayStart = !staff && open && (!latest || Boolean(latest.submittedAt)) && mayRetake(history);
    // Uploaded answers are private: their addresses are signed, short-lived and for the viewer alone.
    const files = new Map(await Promise.all(answers.filter((a) => a.file).map(async (a) => [a.file!, await app.storage.signedUrl(a.file!, { expiresIn: 600, viewer })] as const)));
    const submission = latest ? presentSubmission({ exam: found.exam, survey: isSurvey(found), submission: latest, revealed: resultsRevealed(history), questions, answers, files }) : null;
    return presentExam({ found, questions, questionCount: found.questionCount, attempts, latest: submission, staff, open, mayStart });
  }

  /** The running attempt of the caller, the answer made by `make` saved into it, and the attempt submitted when `final`. */
  async function answerWith(actor: SignedInActor, school: SchoolRow, questionId: number, final: boolean, make: (question: QuestionRow, submissionId: number) => Promise<{ answer: string[]; file: string | null }>) {
    const { found, who } = await questionOf(actor, school, questionId);
    const { question } = found;
    if (who.staff) throw forbidden(msg.notStarted, 'staff_preview');
    assertNotPaused(who.course, who.enrollment);
    const enrollment = { id: who.enrollment.id, courseId: found.courseId };
    const attempts = await repo.attempts(school.id, enrollment.id, found.exam.id);
    const latest = attempts[0];
    if (!latest) throw badRequest(msg.notStarted, 'not_started');
    // A question added after the attempt started is not one of its questions.
    if (!liveIn(question, latest.examVersion)) throw notFound();
    if (latest.submittedAt) throw badRequest(msg.alreadySubmitted, 'already_submitted');
    if (timeIsUp(found.exam, latest, SUBMIT_GRACE_SECONDS)) {
      await submitLate(school, found, latest.id, enrollment, actor.userId);
      throw badRequest(msg.timeUp, 'time_up');
    }
    const made = await make(question, latest.id);
    const scored = isAutoScored(question.type) ? scoreChoice(question.type, made.answer, question.correctAnswer, question.points) : null;
    const answer: AnswerInput = { schoolId: school.id, submissionId: latest.id, questionId: question.id, answer: made.answer, file: made.file, score: scored?.score ?? null, isCorrect: scored?.isCorrect ?? null };
    if (final) {
      const submitted = await submitAttempt(school, found, latest.id, answer);
      if (!submitted) throw badRequest(msg.alreadySubmitted, 'already_submitted');
      await completeIfSettled(school, found, submitted, enrollment, actor.userId, 'exam.submitted');
      if (!submitted.answerSaved) throw badRequest(msg.timeUp, 'time_up');
      return present(school, found, [submitted, ...attempts.slice(1)], false, actor.userId);
    }
    // Saved only into an attempt still running and within its time. Not saved: a submit got there first, or the
    // time ran out (then this submits the attempt).
    if (!(await repo.saveAnswerWhileRunning(answer, answerDeadline(found.exam)))) {
      if (!(await submitLate(school, found, latest.id, enrollment, actor.userId))) throw badRequest(msg.alreadySubmitted, 'already_submitted');
      throw badRequest(msg.timeUp, 'time_up');
    }
    return present(school, found, attempts, false, actor.userId);
  }

  return {
    async view(actor: SignedInActor, school: SchoolRow, examId: number) {
      const { found, who } = await examOf(actor, school, examId);
      if (who.staff) return present(school, found, [], true, actor.userId);
      return present(school, found, await attemptsOf(school, found, { id: who.enrollment.id, courseId: found.courseId }, actor.userId, who.completed), false, actor.userId);
    },

    /** Starts an attempt, or answers the running one (a second start is no second attempt). */
    async start(actor: SignedInActor, school: SchoolRow, examId: number) {
      const { found, who } = await examOf(actor, school, examId);
      if (who.staff) throw forbidden(msg.notStarted, 'staff_preview');
      assertNotPaused(who.course, who.enrollment);
      const enrollment = { id: who.enrollment.id, courseId: found.courseId };
      const attempts = await attemptsOf(school, found, enrollment, actor.userId, who.completed);
      const latest = attempts[0];
      if (!latest || latest.submittedAt) {
        if (!isOpen(found.exam, school)) throw badRequest(msg.notOpen, 'exam_not_open');
        const history = historyOf(attempts, found.exam);
        if (history.passed) throw badRequest(msg.alreadyPassed, 'already_passed');
        if (history.pending) throw badRequest(msg.awaitingGrade, 'awaiting_grade');
        if (!mayRetake(history)) throw badRequest(msg.noAttemptsLeft, 'no_attempts_left');
        const created = await repo.createAttempt(school.id, found.exam.id, enrollment.id, (latest?.attempt ?? 0) + 1);
        // A concurrent start made it first: read the attempts it left.
        return present(school, found, created ? [created, ...attempts] : await repo.attempts(school.id, enrollment.id, found.exam.id), false, actor.userId);
      }
      return present(school, found, attempts, false, actor.userId);
    },

    /** Saves one answer of the running attempt; `final` submits the attempt with it (the last question's Submit). */
    async answer(actor: SignedInActor, school: SchoolRow, questionId: number, raw: string | string[], final: boolean) {
      return answerWith(actor, school, questionId, final, async (question, submissionId) => {
        // A file question answered before keeps its file when the last Submit sends no new one.
        const uploaded = question.type === 'file' ? (await repo.answers(school.id, submissionId)).find((a) => a.questionId === question.id && a.file) : undefined;
        return uploaded ? { answer: uploaded.answer, file: uploaded.file } : { answer: checkedAnswer(question, raw), file: null };
      });
    },

    /** A file answer (multipart): stored privately, then saved like any written answer, pending until graded. */
    async answerFile(actor: SignedInActor, school: SchoolRow, questionId: number, file: { name: string; type: string; data: Buffer } | null, final: boolean) {
      return answerWith(actor, school, questionId, final, async (question, submissionId) => {
        if (question.type !== 'file') throw invalid({ answer: requiredMessage(question.type) });
        if (!file || file.data.length === 0) throw invalid({ answer: msg.noFile });
        const kind = FILE_TYPES[file.type];
        if (!kind || !file.data.subarray(0, kind.magic.length).equals(kind.magic)) throw invalid({ answer: msg.fileType });
        const key = `exam-answers/${submissionId}/${question.id}-${randomBytes(8).toString('hex')}.${kind.extension}`;
        await app.storage.put(key, file.data, { visibility: 'private', contentType: file.type });
        return { answer: [file.name.slice(0, 200)], file: key };
      });
    },

    /**
     * Staff grade a written or file answer; the last grade settles the attempt, completes it and tells the student.
     * `basedOn`: the answer's version the grader saw (the staff console's If-Match); a grade given since is a StaleGrade.
     */
    async grade(actor: SignedInActor, school: SchoolRow, submissionId: number, questionId: number, score: number, feedback: string, by: AuditContext, basedOn?: number) {
      const row = await repo.findSubmission(school.id, submissionId);
      if (!row) throw notFound();
      const attempt = { schoolId: row.submission.schoolId, userId: row.userId, instructorIds: await repo.instructorsOf(row.courseId) };
      submissionPolicy.authorize(actor, 'grade', attempt);
      const question = await repo.findQuestion(school.id, questionId);
      if (!question || question.examId !== row.exam.id) throw notFound();
      if (isAutoScored(question.type)) throw badRequest(msg.notGradable, 'auto_scored');
      if (!row.submission.submittedAt) throw badRequest(msg.notStarted, 'not_submitted');
      const problem = scoreProblem(score, question.points);
      if (problem) throw invalid({ score: problem });
      // The grade and the attempt's new result together, the attempt's row held: two graders at once count both.
      const graded = await app.db.transaction(async (t) => {
        const txRepo = examRepository(t);
        const locked = (await txRepo.lockAttempt(school.id, submissionId))!;
        // Read under the attempt's lock, once: the grade this one replaces goes to the audit log (none before the
        // first), and the attempt's result is counted with the saved grade in its place.
        const before = await txRepo.answers(school.id, submissionId);
        const previous = before.find((a) => a.questionId === questionId);
        if (previous && basedOn !== undefined && previous.version !== basedOn) throw new StaleGrade();
        if (previous?.gradedAt) submissionPolicy.authorize(actor, 'regrade', attempt);
        const saved = await txRepo.grade({ schoolId: school.id, submissionId, questionId, score, isCorrect: score >= question.points, feedback, graderId: actor.userId });
        if (!saved) throw notFound();
        // The question is named on the after side only, so that the entry always says which one was graded.
        await recordAudit(t, by, {
          action: 'exam.grade',
          subject: { type: 'exam_attempt', id: submissionId },
          before: { score: previous?.score ?? null, feedback: previous?.feedback ?? '' },
          after: { question: questionId, score, feedback },
        });
        const questions = await txRepo.questions(school.id, row.exam.id, locked.examVersion);
        const answers = before.map((a) => (a.questionId === questionId ? saved : a));
        const result = totals(questions, answers, locked.passingRate, isSurvey(row));
        const updated = await txRepo.setResult(school.id, submissionId, result);
        // The student hears of it through the event (modules/notifications), once per attempt.
        if (locked.hasPending && !result.hasPending) {
          await recordEvent(t, { schoolId: school.id, actorId: actor.userId, type: 'exam.graded', subjectId: row.submission.enrollmentId, data: { examId: row.exam.id, attempt: row.submission.attempt, passed: result.passed } });
        }
        return { result, updated };
      });
      const { result } = graded;
      await completeIfSettled(school, row, graded.updated, { id: row.submission.enrollmentId, courseId: row.courseId }, actor.userId, 'exam.graded');
      return { id: submissionId, has_pending: result.hasPending, passed: result.passed, total_score: result.totalScore, score: scorePercent(result.totalScore, result.totalPoints) };
    },
  };
}
