import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { playerMessages as msg, videoQuestionMessages as vq } from '@school/shared/learning/rules';
import { conferenceRooms, coursewareProgress, enrollments, events, videoQuestions } from '../src/db/schema/index';
import { createCourse, createEnrolment, createOutline, createSchool, createStaff, createStudent } from './support/factories';
import { serverForFile } from './support/server';

const ctx = serverForFile();
const db = () => ctx.server.database.db;

/** A course of three lessons (an html page, a 60-second video, a link) and a student enrolled in it. */
async function studying(options: { durationMinutes?: number; status?: 'free' | 'paid' | 'pay_later' | 'notpaid'; dateStart?: string } = {}) {
  const school = await createSchool(db());
  const course = await createCourse(db(), { school, durationMinutes: options.durationMinutes ?? null, dateStart: options.dateStart ?? null });
  const [html, video, link] = await createOutline(db(), course, [{ type: 'html', content: '<p>Read</p>' }, { type: 'video', file: 'seed/lessons/lecture.webm', mediaSeconds: 60 }, { type: 'link', url: 'https://example.com/' }]);
  const enrolment = await createEnrolment(db(), { course, status: options.status ?? 'free' });
  const as = { token: enrolment.student.token, host: school.host };
  return { school, course, html: html!, video: video!, link: link!, enrolment, as };
}

/** Moves the clock that progress is measured against back, as if that many more seconds had passed. */
async function letTimePass(enrollmentId: number, coursewareId: number, seconds: number) {
  await db()
    .update(coursewareProgress)
    .set({ openedAt: sql`${coursewareProgress.openedAt} - make_interval(secs => ${seconds})` })
    .where(and(eq(coursewareProgress.enrollmentId, enrollmentId), eq(coursewareProgress.coursewareId, coursewareId)));
}

describe('opening coursewares', () => {
  it('lets a student open the first courseware and sends a locked one to the latest incomplete', async () => {
    const s = await studying();
    const locked = await ctx.api.get(`/api/v1/coursewares/${s.link.id}/`, s.as);
    expect(locked.status).toBe(403);
    expect(locked.body).toMatchObject({ detail: msg.locked, code: 'locked', courseware: String(s.html.id) });

    const first = await ctx.api.get(`/api/v1/coursewares/${s.html.id}/`, s.as);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ id: s.html.id, type: 'html', content: '<p>Read</p>', completed: false, previous_completed: true, next: s.video.id, previous: null, enrollment: s.enrolment.id, forward_streaming: false });

    const done = await ctx.api.post(`/api/v1/coursewares/${s.html.id}/complete/`, {}, s.as);
    expect(done.body).toMatchObject({ completed: true, progress: 33, next: s.video.id, first_incomplete: s.video.id, date_completed: null });
    expect((await ctx.api.get(`/api/v1/coursewares/${s.video.id}/`, s.as)).body).toMatchObject({ previous_completed: true, seconds: 0 });
    // Still locked: the video before it is not done.
    expect((await ctx.api.get(`/api/v1/coursewares/${s.link.id}/`, s.as)).body).toMatchObject({ code: 'locked', courseware: String(s.video.id) });
  });

  it('lets staff of the school open any courseware without an enrolment, seeking allowed', async () => {
    const s = await studying();
    const staff = await createStaff(db(), { school: s.school, role: 'IN' });
    const res = await ctx.api.get(`/api/v1/coursewares/${s.link.id}/`, { token: staff.token, host: s.school.host });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ enrollment: null, forward_streaming: true, url: 'https://example.com/' });
    expect((await ctx.api.post('/api/v1/progress/', { courseware_id: s.link.id, seconds: 5 }, { token: staff.token, host: s.school.host })).status).toBe(404);
  });

  it('refuses a student who is not enrolled, or whose enrolment is unpaid, and a course not yet open', async () => {
    const s = await studying({ status: 'notpaid' });
    expect((await ctx.api.get(`/api/v1/coursewares/${s.html.id}/`, s.as)).body).toMatchObject({ code: 'not_enrolled', detail: msg.notEnrolled });
    const stranger = await createStudent(db(), { school: s.school });
    expect((await ctx.api.get(`/api/v1/coursewares/${s.html.id}/`, { token: stranger.token, host: s.school.host })).status).toBe(403);
    expect((await ctx.api.get(`/api/v1/coursewares/${s.html.id}/`, { host: s.school.host })).status).toBe(401);

    const later = await studying({ dateStart: '2999-01-01' });
    const res = await ctx.api.get(`/api/v1/coursewares/${later.html.id}/`, later.as);
    expect(res.body).toMatchObject({ code: 'course_not_open', detail: 'Course will be accessible on January 01, 2999.' });
  });

  it("answers 404 for another school's courseware and for another student's study record", async () => {
    const s = await studying();
    const other = await studying();
    expect((await ctx.api.get(`/api/v1/coursewares/${other.html.id}/`, s.as)).status).toBe(404);
    expect((await ctx.api.get(`/api/v1/coursewares/${s.html.id}/`, { ...s.as, host: other.school.host })).status).toBe(404);
    const classmate = await createEnrolment(db(), { course: s.course });
    expect((await ctx.api.get(`/api/v1/enrollments/${classmate.id}/`, s.as)).status).toBe(404);
    expect((await ctx.api.patch(`/api/v1/enrollments/${classmate.id}/`, { notes: 'x' }, s.as)).status).toBe(404);
    expect((await ctx.api.get(`/api/v1/enrollments/${s.enrolment.id}/`, { ...s.as, host: other.school.host })).status).toBe(404);
  });
});

describe('progress a regulator can trust', () => {
  it('saves only forward, never faster than real time, and completes a video only once watched', async () => {
    const s = await studying();
    await ctx.api.get(`/api/v1/coursewares/${s.html.id}/`, s.as);
    await ctx.api.post(`/api/v1/coursewares/${s.html.id}/complete/`, {}, s.as);
    await ctx.api.get(`/api/v1/coursewares/${s.video.id}/`, s.as);
    const save = (seconds: number) => ctx.api.post('/api/v1/progress/', { courseware_id: s.video.id, seconds }, s.as);

    expect((await save(3)).body).toEqual({ courseware_id: s.video.id, seconds: 3, completed: false });
    expect(await save(45)).toMatchObject({ status: 400, body: { code: 'progress_too_fast', detail: msg.progressTooFast } });
    expect((await ctx.api.post(`/api/v1/coursewares/${s.video.id}/complete/`, {}, s.as)).body).toMatchObject({ code: 'not_watched' });

    await letTimePass(s.enrolment.id, s.video.id, 40);
    expect((await save(42)).body.seconds).toBe(42);
    // Backwards is no error, and keeps what was saved.
    expect((await save(10)).body.seconds).toBe(42);
    await letTimePass(s.enrolment.id, s.video.id, 20);
    expect((await save(60)).body.seconds).toBe(60);

    const done = await ctx.api.post(`/api/v1/coursewares/${s.video.id}/complete/`, {}, s.as);
    expect(done.body).toMatchObject({ progress: 66, next: s.link.id });
    // A completed video may be sought freely.
    expect((await save(59)).body.seconds).toBe(60);
  });

  it('allows the tolerance once: many quick saves cannot add up to unwatched time', async () => {
    const s = await studying();
    await ctx.api.get(`/api/v1/coursewares/${s.html.id}/`, s.as);
    await ctx.api.post(`/api/v1/coursewares/${s.html.id}/complete/`, {}, s.as);
    await ctx.api.get(`/api/v1/coursewares/${s.video.id}/`, s.as);
    const save = (seconds: number) => ctx.api.post('/api/v1/progress/', { courseware_id: s.video.id, seconds }, s.as);
    for (const seconds of [2, 4, 5]) expect((await save(seconds)).status).toBe(200);
    expect((await save(9)).body.code).toBe('progress_too_fast');
    expect((await save(12)).body.code).toBe('progress_too_fast');
    // Opening again starts the clock again from the saved second.
    await ctx.api.get(`/api/v1/coursewares/${s.video.id}/`, s.as);
    expect((await save(9)).body.seconds).toBe(9);
    expect((await save(12)).body.code).toBe('progress_too_fast');
  });

  it('completes YouTube and SoundCloud lessons by their watched time too', async () => {
    const school = await createSchool(db());
    const course = await createCourse(db(), { school });
    const [yt, sc] = await createOutline(db(), course, [{ type: 'yt', url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', mediaSeconds: 600 }, { type: 'sc', url: 'https://soundcloud.com/a/b', mediaSeconds: 200 }]);
    const enrolment = await createEnrolment(db(), { course });
    const as = { token: enrolment.student.token, host: school.host };
    await ctx.api.get(`/api/v1/coursewares/${yt!.id}/`, as);
    expect((await ctx.api.post(`/api/v1/coursewares/${yt!.id}/complete/`, {}, as)).body.code).toBe('not_watched');
    await db().update(coursewareProgress).set({ seconds: 599 }).where(eq(coursewareProgress.coursewareId, yt!.id));
    expect((await ctx.api.post(`/api/v1/coursewares/${yt!.id}/complete/`, {}, as)).body).toMatchObject({ completed: true, next: sc!.id });
    // A media lesson without its length cannot be created.
    const refused = await createOutline(db(), course, [{ type: 'video', file: 'x.webm' }], 1).then(() => null, (e: { cause?: { code?: string } }) => e.cause?.code);
    expect(refused).toBe('23514');
  });

  it('refuses progress on a courseware never opened, or of another student', async () => {
    const s = await studying();
    expect((await ctx.api.post('/api/v1/progress/', { courseware_id: s.video.id, seconds: 1 }, s.as)).status).toBe(404);
    const classmate = await createEnrolment(db(), { course: s.course });
    await ctx.api.get(`/api/v1/coursewares/${s.html.id}/`, { token: classmate.student.token, host: s.school.host });
    expect((await ctx.api.post('/api/v1/progress/', { courseware_id: s.html.id, seconds: 1 }, s.as)).status).toBe(404);
    expect((await ctx.api.post('/api/v1/progress/', { courseware_id: s.html.id, seconds: -1 }, s.as)).status).toBe(400);
  });

  it('reaches 100 % once, with its date and event, however many completions race', async () => {
    const s = await studying();
    await ctx.api.get(`/api/v1/coursewares/${s.html.id}/`, s.as);
    await ctx.api.post(`/api/v1/coursewares/${s.html.id}/complete/`, {}, s.as);
    await db().update(enrollments).set({ progress: 66 }).where(eq(enrollments.id, s.enrolment.id));
    await db().insert(coursewareProgress).values({ schoolId: s.school.id, enrollmentId: s.enrolment.id, coursewareId: s.video.id, seconds: 60, completedAt: new Date() });
    await ctx.api.get(`/api/v1/coursewares/${s.link.id}/`, s.as);
    const results = await Promise.all([1, 2, 3].map(() => ctx.api.post(`/api/v1/coursewares/${s.link.id}/complete/`, {}, s.as)));
    for (const res of results) expect(res.body).toMatchObject({ progress: 100, first_incomplete: null });
    const record = await ctx.api.get(`/api/v1/enrollments/${s.enrolment.id}/`, s.as);
    expect(record.body).toMatchObject({ progress: 100, completed_coursewares: expect.arrayContaining([s.html.id, s.video.id, s.link.id]) });
    expect(record.body.date_completed).not.toBeNull();
    const completed = await db().select().from(events).where(and(eq(events.type, 'enrolment.completed'), eq(events.subjectId, s.enrolment.id)));
    expect(completed).toHaveLength(1);
  });
});

describe('the course timer', () => {
  it('keeps the time on the server, ends the attempt, and a retake starts over', async () => {
    const s = await studying({ durationMinutes: 30 });
    const started = await ctx.api.post(`/api/v1/courses/${s.course.id}/start/`, {}, s.as);
    expect(started.body).toMatchObject({ progress_reset: false, first_courseware: s.html.id, resume_courseware: s.html.id, attempt: { ended: false } });
    expect(started.body.attempt.time_left).toBeGreaterThan(1790);
    await ctx.api.get(`/api/v1/coursewares/${s.html.id}/`, s.as);
    await ctx.api.post(`/api/v1/coursewares/${s.html.id}/complete/`, {}, s.as);
    expect((await ctx.api.post(`/api/v1/courses/${s.course.id}/start/`, {}, s.as)).body).toMatchObject({ resume_courseware: s.video.id, progress_reset: false });

    // Opening a courseware starts the time too, without the page's start call.
    const other = await studying({ durationMinutes: 30 });
    await ctx.api.get(`/api/v1/coursewares/${other.html.id}/`, other.as);
    expect((await ctx.api.get(`/api/v1/enrollments/${other.enrolment.id}/`, other.as)).body.attempt.time_left).toBeLessThanOrEqual(1800);
    const [row] = await db().select().from(enrollments).where(eq(enrollments.id, other.enrolment.id));
    expect(row!.attemptStartedAt).not.toBeNull();

    // Thirty-one minutes later, whether or not the student was there.
    await db().update(enrollments).set({ attemptStartedAt: new Date(Date.now() - 31 * 60_000) }).where(eq(enrollments.id, s.enrolment.id));
    expect((await ctx.api.get(`/api/v1/courses/${s.course.id}/`, s.as)).body.attempt).toEqual({ ended: true, time_left: 0 });
    expect((await ctx.api.get(`/api/v1/coursewares/${s.video.id}/`, s.as)).body).toMatchObject({ code: 'attempt_ended', detail: msg.attemptEnded });
    expect((await ctx.api.post(`/api/v1/coursewares/${s.html.id}/complete/`, {}, s.as)).status).toBe(403);

    const retake = await ctx.api.post(`/api/v1/courses/${s.course.id}/start/`, {}, s.as);
    expect(retake.body).toMatchObject({ progress_reset: true, resume_courseware: s.html.id, attempt: { ended: false } });
    expect((await ctx.api.get(`/api/v1/enrollments/${s.enrolment.id}/`, s.as)).body).toMatchObject({ progress: 0, completed_coursewares: [] });
  });

  it("ends when the page's timer reaches zero and the server's clock agrees, and an untimed course has no timer", async () => {
    const s = await studying({ durationMinutes: 30 });
    await ctx.api.post(`/api/v1/courses/${s.course.id}/start/`, {}, s.as);
    const end = async () => (await ctx.api.post(`/api/v1/courses/${s.course.id}/end/`, {}, s.as)).body;
    // Too early: the attempt runs on, and the page hears how long.
    expect((await end()).attempt).toMatchObject({ ended: false, time_left: expect.any(Number) });
    expect((await end()).attempt.time_left).toBeGreaterThan(29 * 60);
    // Within the grace of a page whose clock runs a little ahead.
    await db().update(enrollments).set({ attemptStartedAt: new Date(Date.now() - (30 * 60 - 3) * 1000) }).where(eq(enrollments.id, s.enrolment.id));
    expect(await end()).toEqual({ attempt: { ended: true, time_left: 0 } });
    const untimed = await studying();
    expect((await ctx.api.post(`/api/v1/courses/${untimed.course.id}/start/`, {}, untimed.as)).body.attempt).toEqual({ ended: false, time_left: null });
    expect((await ctx.api.post(`/api/v1/courses/${untimed.course.id}/start/`, {}, s.as)).status).toBe(404);
  });
});

describe('notes', () => {
  it('saves the notes of the caller\'s own enrolment', async () => {
    const s = await studying();
    const res = await ctx.api.patch(`/api/v1/enrollments/${s.enrolment.id}/`, { notes: 'Remember Art. 1' }, s.as);
    expect(res.body).toEqual({ id: s.enrolment.id, notes: 'Remember Art. 1' });
    expect((await ctx.api.get(`/api/v1/enrollments/${s.enrolment.id}/`, s.as)).body.notes).toBe('Remember Art. 1');
    expect((await ctx.api.patch(`/api/v1/enrollments/${s.enrolment.id}/`, { notes: 5 }, s.as)).status).toBe(400);
  });
});

describe('interactive video questions', () => {
  async function withQuestions(maxAttempts: number) {
    const school = await createSchool(db());
    const course = await createCourse(db(), { school });
    const [ivideo] = await createOutline(db(), course, [{ type: 'ivideo', file: 'seed/lessons/lecture.webm', mediaSeconds: 30, maxAttempts }]);
    const rows = await db()
      .insert(videoQuestions)
      .values([
        { schoolId: school.id, coursewareId: ivideo!.id, type: 'radio', timestamp: 5, content: 'Which court?', choices: ['MTC', 'RTC'], correctAnswer: ['RTC'], remarks: 'Exclusive original jurisdiction.' },
        { schoolId: school.id, coursewareId: ivideo!.id, type: 'checkbox', timestamp: 10, content: 'Pick two', choices: ['a', 'b', 'c'], correctAnswer: ['a', 'c'] },
        { schoolId: school.id, coursewareId: ivideo!.id, type: 'fitb', timestamp: 15, content: 'The ___ of the ___', correctAnswer: ['spirit', 'law'] },
      ])
      .returning();
    const enrolment = await createEnrolment(db(), { course });
    const as = { token: enrolment.student.token, host: school.host };
    return { ivideo: ivideo!, questions: rows, as };
  }
  const answer = (id: number, values: string[], as: { token: string; host: string }) => ctx.api.post(`/api/v1/video-questions/${id}/answer/`, { answer: values }, as);

  it('never sends a correct answer before the question is done, and counts attempts on the server', async () => {
    const s = await withQuestions(2);
    const opened = await ctx.api.get(`/api/v1/coursewares/${s.ivideo.id}/`, s.as);
    expect(opened.body.interactive_video.max_attempts).toBe(2);
    for (const q of opened.body.interactive_video.contents) expect(q).toMatchObject({ correct_answer: null, remarks: null, done: false, attempts: 0 });
    expect(opened.text).not.toContain('correct_answer":[');

    const radio = s.questions[0]!;
    expect((await answer(radio.id, ['MTC'], s.as)).body).toEqual({ correct: false, done: false, attempts: 1, message: vq.tryAgain, correct_answer: null, remarks: null });
    expect((await answer(radio.id, ['MTC'], s.as)).body).toEqual({ correct: false, done: true, attempts: 2, message: vq.incorrect, correct_answer: ['RTC'], remarks: 'Exclusive original jurisdiction.' });
    // Done: a third answer changes nothing.
    expect((await answer(radio.id, ['RTC'], s.as)).body).toMatchObject({ correct: false, done: true, attempts: 2 });
    expect((await ctx.api.get(`/api/v1/coursewares/${s.ivideo.id}/`, s.as)).body.interactive_video.contents[0]).toMatchObject({ done: true, correct_answer: ['RTC'] });
  });

  it('compares choices as sets and blanks in order, exactly', async () => {
    const s = await withQuestions(0);
    await ctx.api.get(`/api/v1/coursewares/${s.ivideo.id}/`, s.as);
    const [, checkbox, fitb] = s.questions;
    expect((await answer(checkbox!.id, ['c', 'a'], s.as)).body).toMatchObject({ correct: true, done: true, message: vq.correct });
    expect((await answer(fitb!.id, ['law', 'spirit'], s.as)).body).toMatchObject({ correct: false, done: false, message: vq.tryAgain });
    expect((await answer(fitb!.id, ['Spirit', 'law'], s.as)).body).toMatchObject({ correct: false, done: false });
    expect((await answer(fitb!.id, ['spirit', 'law'], s.as)).body).toMatchObject({ correct: true, done: true, attempts: 3 });
  });

  it('refuses answers in an interactive video the student has not opened', async () => {
    const s = await withQuestions(0);
    expect((await answer(s.questions[0]!.id, ['RTC'], s.as)).body).toMatchObject({ code: 'locked' });
  });

  it("answers 404 for another school's question", async () => {
    const s = await withQuestions(0);
    const other = await withQuestions(0);
    expect((await answer(other.questions[0]!.id, ['RTC'], s.as)).status).toBe(404);
  });
});

describe('live classes', () => {
  /** A class courseware whose room starts `minutes` from now (a school on UTC, so the wall clock is UTC's). */
  async function liveClass(minutes: number) {
    const school = await createSchool(db(), { timeZone: 'UTC' });
    const course = await createCourse(db(), { school });
    const [lesson] = await createOutline(db(), course, [{ type: 'class' }]);
    const start = new Date(Date.now() + minutes * 60_000);
    const name = `room-${lesson!.id}-${Date.now()}`;
    await db().insert(conferenceRooms).values({ schoolId: school.id, coursewareId: lesson!.id, name, code: 'c', date: start.toISOString().slice(0, 10), startTime: start.toISOString().slice(11, 19), endTime: '23:59:59' });
    const enrolment = await createEnrolment(db(), { course });
    return { school, lesson: lesson!, name, as: { token: enrolment.student.token, host: school.host } };
  }
  const join = (name: string, as: { token: string; host: string }) => ctx.api.post('/api/v1/conference-rooms/join/', { confRoomName: name, useStudios: false, url: '' }, as);

  it('opens 15 minutes before the start, and joining completes the courseware', async () => {
    const early = await liveClass(60);
    await ctx.api.get(`/api/v1/coursewares/${early.lesson.id}/`, early.as);
    expect(await join(early.name, early.as)).toMatchObject({ status: 400, body: { code: 'class_not_open', detail: msg.classNotOpen } });

    const soon = await liveClass(10);
    const opened = await ctx.api.get(`/api/v1/coursewares/${soon.lesson.id}/`, soon.as);
    expect(opened.body.conference_room).toMatchObject({ name: soon.name, use_studios: false, url: `https://meet.jit.si/${soon.name}` });
    expect((await ctx.api.post(`/api/v1/coursewares/${soon.lesson.id}/complete/`, {}, soon.as)).body.code).toBe('join_to_complete');
    const joined = await join(soon.name, soon.as);
    expect(joined.body).toMatchObject({ joined: true, completion: { completed: true, progress: 100 } });
  });

  it('does not count a join after the class has ended', async () => {
    const over = await liveClass(-120);
    await db().update(conferenceRooms).set({ endTime: new Date(Date.now() - 60 * 60_000).toISOString().slice(11, 19) }).where(eq(conferenceRooms.name, over.name));
    await ctx.api.get(`/api/v1/coursewares/${over.lesson.id}/`, over.as);
    expect((await join(over.name, over.as)).body).toMatchObject({ code: 'class_over', detail: msg.classOver });
  });

  it("does not find another school's room", async () => {
    const mine = await liveClass(10);
    const theirs = await liveClass(10);
    expect((await join(theirs.name, mine.as)).status).toBe(404);
  });
});
