import type { FastifyInstance } from 'fastify';
import { isSelectablePeriod } from '@school/shared/lookups/compliance-periods';
import { todayIn } from '@school/shared/school/dates';
import { attemptRefusal, enrolmentStatusLabels, rosterMessages as msg, type EnrolOnBehalf, type RosterEntry, type RosterExam, type RosterQuery } from '@school/shared/staff/roster';
import type { EnrolmentStatus } from '@school/shared/catalogue/rules';
import { badRequest, DomainError, invalid, notFound } from '../../lib/errors';
import { allowedOnCourse, allowedTo, definePolicy } from '../../lib/policy';
import { pageOf } from '../../lib/pagination';
import { displayName } from '../account/presenter';
import { recordAudit } from '../audit/service';
import { recordEvent } from '../events/service';
import type { StaffContext } from '../staff/context';
import { enrolmentRepository } from './repository';
import { staffRosterRepository } from './staff-roster-repository';

type Course = NonNullable<Awaited<ReturnType<ReturnType<typeof staffRosterRepository>['course']>>>;

/**
 * A course's roster: read by the school's administrators and the course's instructors, changed by those who manage
 * enrolments (administrators). An instructor's other course answers 403 while published and 404 while a draft.
 */
const rosterPolicy = definePolicy({
  schoolOf: (course: Course) => course.schoolId,
  visible: (actor, course) => course.isPublished || allowedOnCourse('course.update')(actor, course),
  verbs: { read: allowedOnCourse('course.update'), manage: allowedTo('enrolment.manage') },
});

type ExamAttempts = Awaited<ReturnType<ReturnType<typeof staffRosterRepository>['exams']>>[number];

/** An exam's attempts as the roster shows them: the limit with the school's extra attempts, and why no more may be allowed. */
function examOf(e: ExamAttempts): RosterExam {
  const maxAttempts = e.maxAttempts === 0 ? 0 : e.maxAttempts + e.extra;
  return {
    id: e.id,
    name: e.name,
    attempts_used: e.used,
    max_attempts: maxAttempts,
    extra_attempts: e.extra,
    passed: e.passed,
    refusal: attemptRefusal({ maxAttempts, attemptsUsed: e.used, passed: e.passed, pending: e.pending }),
  };
}

/** The console's roster of a course, and what the school does to an enrolment from it (each write audited). */
export function staffRosterService(app: FastifyInstance) {
  const repo = staffRosterRepository(app.db);

  async function course(ctx: StaffContext, courseId: number, verb: 'read' | 'manage') {
    const found = await repo.course(ctx.school.id, courseId);
    if (!found) throw notFound();
    rosterPolicy.authorize(ctx.actor, 'read', found);
    if (verb === 'manage') rosterPolicy.authorize(ctx.actor, 'manage', found);
    return found;
  }

  async function enrolmentOf(ctx: StaffContext, courseId: number, id: number) {
    const found = await course(ctx, courseId, 'manage');
    const row = await repo.enrolment(found.id, id);
    if (!row) throw notFound();
    return { course: found, ...row };
  }

  async function classOf(courseId: number, classId: number | null) {
    if (classId === null) return null;
    const found = await repo.classOf(courseId, classId);
    if (!found) throw invalid({ class: msg.classNotHere });
    return found;
  }

  return {
    /** The course of this school the caller may read (or manage) the roster of; 404, 403 otherwise. */
    course,

    async list(ctx: StaffContext, courseId: number, query: RosterQuery, perPage: number) {
      const found = await course(ctx, courseId, 'read');
      const { rows, total } = await repo.page(found.id, query, perPage, (query.page - 1) * perPage);
      const entries: RosterEntry[] = rows.map((r) => ({
        id: r.enrolment.id,
        student: { id: r.student.id, name: displayName(r.student), email: r.student.email, roll_number: r.rollNumber },
        class: r.enrolment.classId && r.className ? { id: r.enrolment.classId, name: r.className } : null,
        status: r.enrolment.status,
        status_label: enrolmentStatusLabels[r.enrolment.status] ?? r.enrolment.status,
        progress: r.enrolment.progress,
        enrolled_at: r.enrolment.dateEnrolled.toISOString(),
        completed_at: r.enrolment.dateCompleted?.toISOString() ?? null,
        last_active_at: r.lastActiveAt?.toISOString() ?? null,
        timer_started_at: r.enrolment.attemptEndedAt ? null : (r.enrolment.attemptStartedAt?.toISOString() ?? null),
        notes: r.enrolment.notes,
      }));
      return pageOf(entries, total, query.page, perPage);
    },

    /** Enrols a student on behalf of the school: free, marked paid (how, kept in the notes), or to pay later. */
    async enrol(ctx: StaffContext, courseId: number, body: EnrolOnBehalf) {
      const found = await course(ctx, courseId, 'manage');
      if (found.classEnrollmentOnly && body.class === null) throw invalid({ class: msg.classRequired });
      const cls = await classOf(found.id, body.class);
      if (body.compliance_period !== null) {
        const period = await enrolmentRepository(app.db).findCompliancePeriod(body.compliance_period);
        if (!period || !isSelectablePeriod({ date_start: period.dateStart, date_end: period.dateEnd }, todayIn(ctx.school.timeZone))) throw invalid({ compliance_period: msg.periodEnded });
      }
      const student = await repo.studentByEmail(ctx.school.id, body.email);
      if (!student) throw invalid({ email: msg.noSuchStudent });
      const notes = body.as === 'paid' ? `Marked paid by the school: ${body.note}` : body.note;
      return app.db.transaction(async (tx) => {
        const made = await staffRosterRepository(tx).enrol({
          userId: student.id,
          schoolId: ctx.school.id,
          courseId: found.id,
          classId: cls?.id ?? null,
          compliancePeriodId: ctx.school.products.mcle ? body.compliance_period : null,
          status: body.as,
          startDate: found.dateStart,
          notes,
        });
        if (!made) throw invalid({ email: msg.alreadyEnrolled });
        await recordEvent(tx, { schoolId: ctx.school.id, actorId: ctx.actor.userId, type: 'enrolment.course', subjectId: made.id, data: { courseId: found.id, classId: made.classId, status: made.status, byStaff: true } });
        await recordAudit(tx, ctx.audit, { action: 'enrolment.create', subject: { type: 'enrollment', id: made.id }, after: { status: made.status, class: cls?.name ?? null, notes } });
        return made;
      });
    },

    async move(ctx: StaffContext, courseId: number, id: number, classId: number | null) {
      const { course: found, enrolment } = await enrolmentOf(ctx, courseId, id);
      if (found.classEnrollmentOnly && classId === null) throw invalid({ class: msg.classRequired });
      const cls = await classOf(found.id, classId);
      const before = enrolment.classId === null ? null : ((await repo.classOf(found.id, enrolment.classId))?.name ?? null);
      return app.db.transaction(async (tx) => {
        const row = await staffRosterRepository(tx).update(id, { classId: cls?.id ?? null });
        await recordAudit(tx, ctx.audit, { action: 'enrolment.move', subject: { type: 'enrollment', id }, before: { class: before }, after: { class: cls?.name ?? null } });
        return row;
      });
    },

    /** The course timer starts again at the student's next lesson (a timed course whose attempt ran out). */
    async resetTimer(ctx: StaffContext, courseId: number, id: number) {
      const { enrolment } = await enrolmentOf(ctx, courseId, id);
      if (!enrolment.attemptStartedAt) throw badRequest(msg.noTimer, 'no_timer');
      return app.db.transaction(async (tx) => {
        const row = await staffRosterRepository(tx).update(id, { attemptStartedAt: null, attemptEndedAt: null });
        await recordAudit(tx, ctx.audit, {
          action: 'enrolment.reset_timer',
          subject: { type: 'enrollment', id },
          before: { timer_started_at: enrolment.attemptStartedAt!.toISOString() },
          after: { timer_started_at: null },
        });
        return row;
      });
    },

    /** The course's exams with this student's attempts, and whether the school may allow them one more. */
    async exams(ctx: StaffContext, courseId: number, id: number): Promise<RosterExam[]> {
      await enrolmentOf(ctx, courseId, id);
      return (await repo.exams(courseId, id)).map(examOf);
    },

    /**
     * Allows a student one more attempt at an exam whose attempts they used without passing (the roster's "reset an
     * attempt"): their attempts stay, with answers and scores; their limit rises by one. Under the enrolment's lock.
     */
    async allowAttempt(ctx: StaffContext, courseId: number, id: number, examId: number) {
      await enrolmentOf(ctx, courseId, id);
      return app.db.transaction(async (tx) => {
        const repoTx = staffRosterRepository(tx);
        await repoTx.lock(id);
        const exam = (await repoTx.exams(courseId, id)).find((e) => e.id === examId);
        if (!exam) throw invalid({ exam: msg.examNotHere });
        const refusal = examOf(exam).refusal;
        if (refusal) throw new DomainError(409, { detail: refusal });
        const extra = await repoTx.allowAttempt(id, examId);
        await recordAudit(tx, ctx.audit, { action: 'enrolment.allow_attempt', subject: { type: 'enrollment', id }, before: { exam: examId, extra_attempts: extra - 1 }, after: { exam: examId, extra_attempts: extra } });
        return examOf({ ...exam, extra });
      });
    },

    /** Ends an enrolment the school made or that was not paid for; one bought is ended by refunding its payment. */
    async cancel(ctx: StaffContext, courseId: number, id: number, reason: string) {
      await enrolmentOf(ctx, courseId, id);
      return app.db.transaction(async (tx) => {
        const repoTx = staffRosterRepository(tx);
        // Read again under its lock: a payment settling meanwhile waits for this, or this sees it.
        const enrolment = await repoTx.lock(id);
        if (enrolment.status === 'cancelled') throw new DomainError(409, { detail: msg.alreadyCancelled, code: 'already_cancelled' });
        const held = await repoTx.heldByPayment(enrolment);
        if (held === 'paid') throw new DomainError(409, { detail: msg.cancelPaid, code: 'paid_enrolment' });
        if (held === 'open') throw new DomainError(409, { detail: msg.cancelOpen, code: 'payment_open' });
        const row = await repoTx.update(id, { status: 'cancelled' satisfies EnrolmentStatus, cancelledAt: new Date() });
        await recordEvent(tx, { schoolId: ctx.school.id, actorId: ctx.actor.userId, type: 'enrolment.cancelled', subjectId: id, data: { reason, from: enrolment.status } });
        await recordAudit(tx, ctx.audit, { action: 'enrolment.cancel', subject: { type: 'enrollment', id }, before: { status: enrolment.status }, after: { status: 'cancelled', reason } });
        return row;
      });
    },
  };
}
