import type { FastifyInstance } from 'fastify';
import { closedCourseMessages, courseState } from '@school/shared/catalogue/rules';
import {
  ATTEMPT_END_GRACE_SECONDS,
  attendanceRequiredSeconds,
  attemptState,
  classJoinable,
  firstIncomplete,
  MEDIA_TYPES,
  mayOpenCourseware,
  playerMessages as msg,
  progressPercent,
  videoAnswerIsCorrect,
  videoAnswerOutcome,
  videoAttemptLimit,
  mediaCompletable,
} from '@school/shared/learning/rules';
import { kycMessages } from '@school/shared/kyc/rules';
import type { Attempt, AttendanceBody, AttendanceResult, CompletionResult } from '@school/shared/learning/schemas';
import { longDate, todayIn, zonedInstant } from '@school/shared/school/dates';
import { badRequest, DomainError, forbidden, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/policy';
import { recordAudit, type AuditContext } from '../audit/service';
import type { SignedInActor } from '../auth/actor';
import { coursePolicy } from '../catalogue/policy';
import { requestCertificate } from '../certificates/service';
import { walletLedger } from '../wallet/service';
import { recordEvent, recordedLately } from '../events/service';
import type { SchoolRow } from '../tenancy/repository';
import { enrollmentPolicy, studyRecordPolicy } from './policy';
import { lessonFileUrl, presentCourseware } from './presenter';
import { type ConferenceRoomRow, type EnrollmentRow, learningRepository } from './repository';

type CourseRow = NonNullable<Awaited<ReturnType<ReturnType<typeof learningRepository>['findCourse']>>>;
/** What the study checks read of a course and of an enrolment. */
export type StudyCourse = Pick<CourseRow, 'schoolId' | 'isPublished' | 'dateStart' | 'dateEnd' | 'durationMinutes' | 'enableKyl'>;
export type StudyEnrollment = Pick<EnrollmentRow, 'id' | 'schoolId' | 'userId' | 'status' | 'progress' | 'attemptStartedAt' | 'attemptEndedAt' | 'snapshotPausedAt'>;

/** A study snapshot failed its check: nothing moves until one passes (spec 2 §8 'Paused course session'). */
export function assertNotPaused(course: { enableKyl: boolean }, enrollment: { snapshotPausedAt: Date | null }) {
  if (course.enableKyl && enrollment.snapshotPausedAt) throw forbidden(kycMessages.sessionPaused, 'session_paused');
}

/** The running attempt of an enrolment in a course of that many minutes (none: untimed). */
export const attemptOf = (enrollment: Pick<EnrollmentRow, 'attemptStartedAt' | 'attemptEndedAt' | 'snapshotPausedAt'>, durationMinutes: number | null): Attempt =>
  attemptState({ startedAt: enrollment.attemptStartedAt, endedAt: enrollment.attemptEndedAt, pausedAt: enrollment.snapshotPausedAt }, durationMinutes);

function assertOpen(course: Pick<CourseRow, 'dateStart' | 'dateEnd'>, school: SchoolRow) {
  const state = courseState(course.dateStart, course.dateEnd, todayIn(school.timeZone));
  if (state === 'ended') throw forbidden(closedCourseMessages.ended(longDate(course.dateEnd!)), 'course_ended');
  if (state === 'not_open') throw forbidden(closedCourseMessages.notOpen(longDate(course.dateStart!)), 'course_not_open');
}

/** The course player of spec 2 §4: what a student may open, save and complete, decided here whatever the page did. */
export function learningService(app: FastifyInstance) {
  const repo = learningRepository(app.db);

  async function visibleCourse(actor: Actor, school: SchoolRow, courseId: number) {
    const course = await repo.findCourse(school.id, courseId);
    if (!course) throw notFound();
    // Out of the catalogue, the course stays open to the students enrolled in it.
    const enrolled = !course.isPublished && actor.userId !== null && (await repo.findEnrollment(school.id, actor.userId, course.id)) !== undefined;
    coursePolicy.authorize(actor, 'view', { ...course, enrolled });
    return course;
  }

  /** The caller's enrolment in the course, ready to study: open, in time, paid or free. */
  async function studying(actor: SignedInActor, school: SchoolRow, course: CourseRow) {
    return assertStudying(actor, school, course, await repo.findEnrollment(school.id, actor.userId, course.id));
  }

  function assertStudying<E extends StudyEnrollment>(actor: SignedInActor, school: SchoolRow, course: StudyCourse, enrollment: E | null | undefined): E {
    if (!enrollment) throw forbidden(msg.notEnrolled, 'not_enrolled');
    enrollmentPolicy.authorize(actor, 'study', enrollment);
    assertOpen(course, school);
    return enrollment;
  }

  function assertAttemptRunning(enrollment: StudyEnrollment, durationMinutes: number | null) {
    if (enrollment.progress < 100 && attemptOf(enrollment, durationMinutes).ended) throw forbidden(msg.attemptEnded, 'attempt_ended');
  }

  async function studyState(schoolId: number, courseId: number, enrollmentId: number) {
    const [outline, progress] = await Promise.all([repo.outline(schoolId, courseId), repo.progressOf(schoolId, enrollmentId)]);
    const ids = outline.map((c) => c.id);
    const completed = new Set(progress.filter((p) => p.completedAt).map((p) => p.coursewareId));
    return { outline, ids, progress, completed };
  }

  /**
   * Marks a courseware done and updates the enrolment's progress, after the caller's checks: one completion of
   * an enrolment at a time (its row locked), the progress counted by the database, 100 % recorded once.
   */
  async function recordCompletion(
    schoolId: number,
    enrollment: { id: number; courseId: number },
    coursewareId: number,
    total: number,
    actorId: number | null,
    extra?: { type: 'class.joined' | 'exam.submitted' | 'exam.graded' | 'courseware.completed_by_staff'; data: Record<string, unknown> },
    /** The staff member who completed it for the student, recorded in the audit log with the completion. */
    by?: AuditContext,
  ) {
    return app.db.transaction(async (tx) => {
      const txRepo = learningRepository(tx);
      const locked = await txRepo.lockEnrollment(schoolId, enrollment.id);
      const changed = await txRepo.complete(schoolId, enrollment.id, coursewareId);
      // Staff completing a lesson already complete (a retry, or the student finished it first) record nothing.
      const staffNoop = by !== undefined && !changed;
      if (extra && !staffNoop) await recordEvent(tx, { schoolId, actorId, type: extra.type, subjectId: enrollment.id, data: extra.data });
      if (by && changed) await recordAudit(tx, by, { action: 'enrolment.complete_courseware', subject: { type: 'enrolment', id: enrollment.id }, after: { completed_courseware: coursewareId } });
      const done = await txRepo.completedCount(schoolId, enrollment.id, enrollment.courseId);
      const updated = await txRepo.setProgress(schoolId, enrollment.id, progressPercent(done, total));
      if (updated.progress >= 100 && locked.progress < 100) {
        await recordEvent(tx, { schoolId, actorId, type: 'enrolment.completed', subjectId: enrollment.id, data: { courseId: enrollment.courseId } });
        await requestCertificate(app, tx, enrollment.id);
        const reward = await txRepo.rewardOf(enrollment.courseId);
        // The course's coin reward, once per student and course whatever the retries (spec 2 §2).
        if (reward && reward.rewardCoins > 0) {
          await walletLedger(tx).credit({ userId: locked.userId, amount: reward.rewardCoins, reason: 'course_reward', description: `Reward for completing ${reward.name}`, schoolId, onceKey: `course_reward:${enrollment.courseId}` });
        }
      }
      return updated;
    });
  }

  /** A class's room, checked: its course visible to the caller and the class within its hours (leaving may be later). */
  async function classContext(actor: SignedInActor, school: SchoolRow, room: ConferenceRoomRow, leaving = false) {
    const found = await repo.findCourseware(school.id, room.coursewareId);
    if (!found) throw notFound();
    const course = await visibleCourse(actor, school, found.module.courseId);
    const now = new Date();
    const hours = { startsAt: zonedInstant(room.date, room.startTime, school.timeZone), endsAt: zonedInstant(room.date, room.endTime, school.timeZone) };
    if (!classJoinable(hours.startsAt, now)) throw badRequest(msg.classNotOpen, 'class_not_open');
    // Attendance counts while the class runs, not days after it; a class of no length cannot be attended.
    if ((!leaving && now > hours.endsAt) || hours.endsAt <= hours.startsAt) throw badRequest(msg.classOver, 'class_over');
    return { course, hours };
  }

  /** A student of the class's course, studying it, who has opened the class's courseware. */
  async function attendingStudent(actor: SignedInActor, school: SchoolRow, course: CourseRow, coursewareId: number) {
    const enrollment = await studying(actor, school, course);
    assertAttemptRunning(enrollment, course.durationMinutes);
    assertNotPaused(course, enrollment);
    const saved = (await repo.progressOf(school.id, enrollment.id)).find((p) => p.coursewareId === coursewareId);
    if (!saved) throw forbidden(msg.locked, 'locked');
    return { enrollment, saved };
  }

  async function complete(actor: SignedInActor, school: SchoolRow, coursewareId: number, joined?: { type: 'class.joined'; data: Record<string, unknown> }): Promise<CompletionResult> {
    const found = await repo.findCourseware(school.id, coursewareId);
    if (!found) throw notFound();
    const course = await visibleCourse(actor, school, found.module.courseId);
    const enrollment = await studying(actor, school, course);
    assertAttemptRunning(enrollment, course.durationMinutes);
    assertNotPaused(course, enrollment);
    const { courseware } = found;
    const before = await studyState(school.id, course.id, enrollment.id);
    const saved = before.progress.find((p) => p.coursewareId === courseware.id);
    // Opening is what unlocks: a courseware never opened cannot be completed.
    if (!saved) throw forbidden(msg.locked, 'locked');
    if (courseware.type === 'exam' || courseware.type === 'survey') throw badRequest(msg.examCompletes, 'exam_completes');
    if (courseware.type === 'class' && !joined) throw badRequest(msg.joinToComplete, 'join_to_complete');
    // A media lesson needs its length in time spent on it, forward streaming or not (MCLE credit rests on it);
    // where seeking forward is refused, the saved second must have got there too.
    if (MEDIA_TYPES.includes(courseware.type) && !saved.completedAt) {
      const watched = await repo.watchedNow(enrollment.id, courseware.id);
      if (!mediaCompletable({ forwardStreaming: courseware.forwardStreaming, seconds: saved.seconds, watched, mediaSeconds: courseware.mediaSeconds })) {
        throw badRequest(msg.notWatched, 'not_watched');
      }
    }

    const updated = await recordCompletion(school.id, { id: enrollment.id, courseId: course.id }, courseware.id, before.ids.length, actor.userId, joined);
    const result = { updated, done: new Set(before.completed).add(courseware.id) };
    const at = before.ids.indexOf(courseware.id);
    return {
      courseware_id: courseware.id,
      completed: true,
      progress: result.updated.progress,
      date_completed: result.updated.dateCompleted?.toISOString() ?? null,
      next: before.ids[at + 1] ?? null,
      first_incomplete: firstIncomplete(before.ids, result.done),
    };
  }

  return {
    /**
     * Who is asking about a courseware of a course, for the modules inside the player (exams), decided on rows
     * the caller read in one go: the school's staff, or a student studying the course who has opened that
     * courseware (the navigation lock allowed it). The same checks, in the same order, as the player's calls.
     */
    studyingWith(actor: SignedInActor, school: SchoolRow, rows: { course: StudyCourse; enrollment: StudyEnrollment | null; opened: { completedAt: Date | null } | null }) {
      const { course, opened } = rows;
      coursePolicy.authorize(actor, 'view', { ...course, enrolled: rows.enrollment !== null });
      if (coursePolicy.can(actor, 'preview', course)) return { staff: true as const, course };
      const enrollment = assertStudying(actor, school, course, rows.enrollment);
      assertAttemptRunning(enrollment, course.durationMinutes);
      if (!opened) throw forbidden(msg.locked, 'locked');
      return { staff: false as const, course, enrollment, completed: opened.completedAt !== null };
    },

    /**
     * Completes an exam or survey courseware once its attempt is submitted (and, for an exam, graded): the exams
     * module calls it, for the student or for the staff member who graded the last answer.
     */
    async completeAssessment(schoolId: number, enrollment: { id: number; courseId: number }, coursewareId: number, actorId: number, event: { type: 'exam.submitted' | 'exam.graded'; data: Record<string, unknown> }) {
      const outline = await repo.outline(schoolId, enrollment.courseId);
      return recordCompletion(schoolId, enrollment, coursewareId, outline.length, actorId, event);
    },

    async open(actor: SignedInActor, school: SchoolRow, coursewareId: number) {
      const found = await repo.findCourseware(school.id, coursewareId);
      if (!found) throw notFound();
      const course = await visibleCourse(actor, school, found.module.courseId);
      const { courseware } = found;
      const questions = courseware.type === 'ivideo' ? await repo.videoQuestions(school.id, courseware.id) : [];
      const room = courseware.type === 'class' ? await repo.conferenceRoom(school.id, courseware.id) : undefined;
      const outline = await repo.outline(school.id, course.id);
      const at = outline.findIndex((c) => c.id === courseware.id);
      const neighbours = { previous: outline[at - 1]?.id ?? null, next: outline[at + 1]?.id ?? null };
      const base = { app, school, course, found, questions, room, neighbours, fileUrl: await lessonFileUrl(app.storage, courseware.file, actor.userId) };

      if (coursePolicy.can(actor, 'preview', course)) {
        return presentCourseware({ ...base, enrollmentId: null, saved: undefined, previousCompleted: true, mayForward: true, answers: [] });
      }
      const enrollment = await studying(actor, school, course);
      assertAttemptRunning(enrollment, course.durationMinutes);
      // A timed course's time runs from the first courseware opened, whether or not the page started it.
      if (course.durationMinutes) await repo.startAttempt(school.id, enrollment.id);
      const state = await studyState(school.id, course.id, enrollment.id);
      const completed = state.completed.has(courseware.id);
      const previousCompleted = neighbours.previous === null || state.completed.has(neighbours.previous);
      if (!mayOpenCourseware({ staff: false, forwardStreaming: courseware.forwardStreaming, courseProgress: enrollment.progress, completed, previousCompleted })) {
        const resume = firstIncomplete(state.ids, state.completed) ?? state.ids[0] ?? null;
        // Where the page sends the student instead: the latest incomplete courseware.
        throw new DomainError(403, { detail: msg.locked, code: 'locked', courseware: String(resume) });
      }
      await repo.open(school.id, actor.userId, enrollment.id, courseware.id);
      const answers = questions.length > 0 ? await repo.videoAnswers(school.id, enrollment.id) : [];
      return presentCourseware({
        ...base,
        enrollmentId: enrollment.id,
        saved: state.progress.find((p) => p.coursewareId === courseware.id),
        previousCompleted,
        mayForward: completed || courseware.forwardStreaming || enrollment.progress >= 100,
        answers,
      });
    },

    /** Saves only forward, and never faster than real time where seeking forward is not allowed. */
    async saveProgress(actor: SignedInActor, school: SchoolRow, coursewareId: number, seconds: number) {
      const context = await repo.progressContext(school.id, actor.userId, coursewareId);
      // Never opened (or not this student's, or another school's): nothing to save into.
      if (!context) throw notFound();
      enrollmentPolicy.authorize(actor, 'study', { ...context.enrollment, schoolId: school.id, userId: actor.userId });
      if (context.enrollment.progress < 100 && attemptOf(context.enrollment, context.durationMinutes).ended) throw forbidden(msg.attemptEnded, 'attempt_ended');
      assertNotPaused(context, context.enrollment);
      const whole = Math.floor(seconds);
      const free = context.courseware.forwardStreaming || context.saved.completedAt !== null || context.enrollment.progress >= 100;
      const saved = whole > context.saved.seconds ? await repo.saveSeconds(context.enrollment.id, coursewareId, whole, free) : undefined;
      // Another tab may have saved further meanwhile; short of the asked second, the time spent did not cover it.
      if (saved && saved.seconds < whole) throw badRequest(msg.progressTooFast, 'progress_too_fast');
      return { courseware_id: coursewareId, seconds: saved?.seconds ?? context.saved.seconds, completed: context.saved.completedAt !== null };
    },

    complete: (actor: SignedInActor, school: SchoolRow, coursewareId: number) => complete(actor, school, coursewareId),

    /**
     * Join Class (the room by its name): checks the class's hours and the caller's place in it, and gives the
     * unguessable room to open. Completion waits for the conference itself to say the student is in (attend).
     */
    async joinClass(actor: SignedInActor, school: SchoolRow, roomName: string) {
      const room = await repo.findRoomByName(school.id, roomName);
      if (!room) throw notFound();
      const { course } = await classContext(actor, school, room);
      // The room's code is for the class's own students (and the school's staff): names can be guessed.
      if (!coursePolicy.can(actor, 'preview', course)) await attendingStudent(actor, school, course, room.coursewareId);
      return { joined: true, code: room.code, completion: null };
    },

    /**
     * What the page saw of the conference (spec 2 §4's room, A.M. No. 19-10-16-SC's attendance): the conference's
     * own joined event, heartbeats while in it and leaving it, credited inside the class's hours. The courseware
     * completes once the presence reaches what the school asks (attendanceRequiredSeconds).
     */
    async attend(actor: SignedInActor, school: SchoolRow, code: string, event: AttendanceBody['event']): Promise<AttendanceResult> {
      const room = await repo.findRoomByCode(school.id, code);
      if (!room) throw notFound();
      const { course, hours } = await classContext(actor, school, room, event === 'left');
      const required = attendanceRequiredSeconds({ classSeconds: (hours.endsAt.getTime() - hours.startsAt.getTime()) / 1000, mcle: school.products.mcle, minutes: room.attendanceMinutes });
      if (coursePolicy.can(actor, 'preview', course)) return { attended_seconds: 0, required_seconds: required, completion: null };
      const { enrollment, saved } = await attendingStudent(actor, school, course, room.coursewareId);

      const presence = await app.db.transaction(async (t) => {
        const txRepo = learningRepository(t);
        const held = await txRepo.lockAttendance(enrollment.id, room.coursewareId);
        if (event === 'joined') return txRepo.joinAttendance(school.id, enrollment.id, room.coursewareId);
        if (!held) throw badRequest(msg.notInClass, 'not_in_class');
        // After leaving, only the conference's joined event counts again.
        if (held.leftAt) return held;
        return txRepo.creditAttendance(enrollment.id, room.coursewareId, hours, event === 'left');
      });
      const completion =
        presence.seconds >= required && !saved.completedAt
          ? await complete(actor, school, room.coursewareId, { type: 'class.joined', data: { room: room.name, useStudios: room.useStudios, attendedSeconds: Math.round(presence.seconds) } })
          : null;
      return { attended_seconds: Math.floor(presence.seconds), required_seconds: required, completion };
    },

    /**
     * "Report a problem" under a lesson that cannot load (an outside player blocked by the student's network):
     * the school's administrators are told, with the lesson and the browser's error. One report per lesson and
     * student every 10 minutes; more answer the same without telling anyone again.
     */
    async reportProblem(actor: SignedInActor, school: SchoolRow, coursewareId: number, detail: string) {
      const found = await repo.findCourseware(school.id, coursewareId);
      if (!found) throw notFound();
      const course = await visibleCourse(actor, school, found.module.courseId);
      if (coursePolicy.can(actor, 'preview', course)) return { reported: false };
      const enrollment = await studying(actor, school, course);
      const opened = (await repo.progressOf(school.id, enrollment.id)).some((p) => p.coursewareId === coursewareId);
      if (!opened) throw forbidden(msg.locked, 'locked');
      await app.db.transaction(async (tx) => {
        if (await recordedLately(tx, 'courseware.problem', enrollment.id, { key: 'coursewareId', value: String(coursewareId) }, 10)) return;
        await recordEvent(tx, { schoolId: school.id, actorId: actor.userId, type: 'courseware.problem', subjectId: enrollment.id, data: { coursewareId, courseware: found.courseware.name, detail } });
      });
      return { reported: true };
    },

    /**
     * An administrator marks a lesson complete for a student who cannot study it (an outside player their network
     * blocks), recorded with who did it. Exams, surveys and live classes are not given this way: they are graded or
     * attended. The lesson must have been opened, as the student's own completion asks.
     */
    async completeFor(actor: SignedInActor, school: SchoolRow, enrollmentId: number, coursewareId: number, by: AuditContext): Promise<CompletionResult> {
      const enrollment = await repo.findEnrollmentById(school.id, enrollmentId);
      if (!enrollment) throw notFound();
      studyRecordPolicy.authorize(actor, 'completeFor', enrollment);
      const found = await repo.findCourseware(school.id, coursewareId);
      if (!found || found.module.courseId !== enrollment.courseId) throw notFound();
      const { courseware } = found;
      if (courseware.type === 'exam' || courseware.type === 'survey') throw badRequest(msg.examCompletes, 'exam_completes');
      if (courseware.type === 'class') throw badRequest(msg.joinToComplete, 'join_to_complete');
      const state = await studyState(school.id, enrollment.courseId, enrollment.id);
      if (!state.progress.some((p) => p.coursewareId === courseware.id)) throw forbidden(msg.locked, 'locked');
      const updated = await recordCompletion(school.id, { id: enrollment.id, courseId: enrollment.courseId }, courseware.id, state.ids.length, actor.userId, {
        type: 'courseware.completed_by_staff',
        data: { coursewareId: courseware.id, courseware: courseware.name },
      }, by);
      const at = state.ids.indexOf(courseware.id);
      return {
        courseware_id: courseware.id,
        completed: true,
        progress: updated.progress,
        date_completed: updated.dateCompleted?.toISOString() ?? null,
        next: state.ids[at + 1] ?? null,
        first_incomplete: firstIncomplete(state.ids, new Set(state.completed).add(courseware.id)),
      };
    },

    /** Starts the course, or a new attempt when the last one ran out before the end (the progress starts over). */
    async start(actor: SignedInActor, school: SchoolRow, courseId: number) {
      const course = await visibleCourse(actor, school, courseId);
      const outline = await repo.outline(school.id, course.id);
      const first = outline[0]?.id ?? null;
      if (coursePolicy.can(actor, 'preview', course)) {
        return { attempt: { ended: false, time_left: null }, progress_reset: false, first_courseware: first, resume_courseware: first };
      }
      const enrollment = await studying(actor, school, course);
      let reset = false;
      if (course.durationMinutes && enrollment.progress < 100) {
        if (attemptOf(enrollment, course.durationMinutes).ended) {
          reset = true;
          await app.db.transaction(async (t) => learningRepository(t).restart(school.id, enrollment.id));
        } else {
          await repo.startAttempt(school.id, enrollment.id);
        }
      }
      const fresh = (await repo.findEnrollmentById(school.id, enrollment.id))!;
      const state = await studyState(school.id, course.id, enrollment.id);
      return { attempt: attemptOf(fresh, course.durationMinutes), progress_reset: reset, first_courseware: first, resume_courseware: firstIncomplete(state.ids, state.completed) ?? first };
    },

    /**
     * Ends the running attempt (the page calls it when the course timer reaches zero) once the server's clock agrees:
     * a page that counted on through a snapshot pause, whose time is given back, gets the attempt's time instead.
     */
    async end(actor: SignedInActor, school: SchoolRow, courseId: number) {
      const course = await visibleCourse(actor, school, courseId);
      if (coursePolicy.can(actor, 'preview', course)) return { attempt: { ended: false, time_left: null } };
      const enrollment = await repo.findEnrollment(school.id, actor.userId, course.id);
      if (!enrollment) throw forbidden(msg.notEnrolled, 'not_enrolled');
      enrollmentPolicy.authorize(actor, 'study', enrollment);
      const left = attemptOf(enrollment, course.durationMinutes).time_left;
      if (course.durationMinutes && enrollment.attemptStartedAt && left !== null && left <= ATTEMPT_END_GRACE_SECONDS) await repo.endAttempt(school.id, enrollment.id);
      const fresh = (await repo.findEnrollmentById(school.id, enrollment.id))!;
      return { attempt: attemptOf(fresh, course.durationMinutes) };
    },

    async studyRecord(actor: SignedInActor, school: SchoolRow, enrollmentId: number) {
      const enrollment = await repo.findEnrollmentById(school.id, enrollmentId);
      if (!enrollment) throw notFound();
      enrollmentPolicy.authorize(actor, 'keepNotes', enrollment);
      const [course, progress] = await Promise.all([repo.findCourse(school.id, enrollment.courseId), repo.progressOf(school.id, enrollment.id)]);
      return {
        id: enrollment.id,
        course: enrollment.courseId,
        status: enrollment.status,
        progress: enrollment.progress,
        notes: enrollment.notes,
        date_completed: enrollment.dateCompleted?.toISOString() ?? null,
        completed_coursewares: progress.filter((p) => p.completedAt).map((p) => p.coursewareId),
        attempt: attemptOf(enrollment, course?.durationMinutes ?? null),
      };
    },

    async saveNotes(actor: SignedInActor, school: SchoolRow, enrollmentId: number, notes: string) {
      const enrollment = await repo.findEnrollmentById(school.id, enrollmentId);
      if (!enrollment) throw notFound();
      enrollmentPolicy.authorize(actor, 'keepNotes', enrollment);
      await repo.saveNotes(school.id, enrollment.id, notes);
      return { id: enrollment.id, notes };
    },

    /** Checks an interactive-video answer here, so that the page never holds the correct one before it is done. */
    async answerVideoQuestion(actor: SignedInActor, school: SchoolRow, questionId: number, answer: string[]) {
      const found = await repo.findVideoQuestion(school.id, questionId);
      if (!found) throw notFound();
      const course = await visibleCourse(actor, school, found.courseId);
      const { question } = found;
      const correct = question.type === 'info' || videoAnswerIsCorrect(question.type, answer, question.correctAnswer);
      if (coursePolicy.can(actor, 'preview', course)) {
        const outcome = videoAnswerOutcome(correct, 1, 1);
        return { correct, done: true, attempts: 1, message: outcome.message, correct_answer: question.correctAnswer, remarks: question.remarks };
      }
      const enrollment = await studying(actor, school, course);
      assertAttemptRunning(enrollment, course.durationMinutes);
      // Only in a courseware the student has opened (which the navigation lock allowed).
      const opened = (await repo.progressOf(school.id, enrollment.id)).some((p) => p.coursewareId === found.courseware.id);
      if (!opened) throw forbidden(msg.locked, 'locked');
      // Unlimited attempts end too, after a few wrong ones: the answer is revealed and the student goes on.
      const maxAttempts = question.type === 'info' ? 1 : videoAttemptLimit(found.courseware.maxAttempts);
      const saved = await repo.answerVideoQuestion({ schoolId: school.id, enrollmentId: enrollment.id, questionId: question.id, answer, correct, maxAttempts });
      // Already done before this answer: the first outcome stands.
      const row = saved ?? (await repo.videoAnswers(school.id, enrollment.id)).find((a) => a.questionId === question.id)!;
      const outcome = videoAnswerOutcome(row.correct, row.attempts, maxAttempts);
      return {
        correct: row.correct,
        done: row.done,
        attempts: row.attempts,
        message: outcome.message,
        correct_answer: row.done ? question.correctAnswer : null,
        remarks: row.done ? question.remarks : null,
      };
    },
  };
}
