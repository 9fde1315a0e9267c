import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { playerMessages as msg, videoQuestionMessages as vq } from '@school/shared/learning/rules';
import { auditLog, classAttendance, conferenceRooms, coursewareProgress, enrollments, events, videoQuestions } from '../src/db/schema/index';
import { createCourse, createEnrolment, createOutline, createSchool, createStaff, createStudent, waitFor } from './support/factories';
import { serverForFile } from './support/server';
import { noonZone, wallClock } from './support/clock';

const ctx = serverForFile();
const db = () => ctx.server.database.db;

/** A course of three lessons (an html page, a 60-second video, a link) and a student enrolled in it. */
async function studying(
  options: { durationMinutes?: number; status?: 'free' | 'paid' | 'pay_later' | 'notpaid'; dateStart?: string } = {},
  more: Parameters<typeof createOutline>[2] = [],
) {
  const school = await createSchool(db());
  const course = await createCourse(db(), { school, durationMinutes: options.durationMinutes ?? null, dateStart: options.dateStart ?? null });
  const [html, video, link] = await createOutline(db(), course, [{ type: 'html', content: '<p>Read</p>' }, { type: 'video', file: 'seed/private/lessons/lecture.webm', mediaSeconds: 60 }, { type: 'link', url: 'https://example.com/' }]);
  // Lessons of a second module, each open to study (forward streaming) whatever comes before.
  const extra = more.length ? await createOutline(db(), course, more.map((m) => ({ forwardStreaming: true, ...m })), 1) : [];
  const enrolment = await createEnrolment(db(), { course, status: options.status ?? 'free' });
  const as = { token: enrolment.student.token, host: school.host };
  return { school, course, html: html!, video: video!, link: link!, extra, enrolment, as };
}

/** Moves the clock that watched time is credited from back, as if that many more seconds had passed on the lesson. */
async function letTimePass(enrollmentId: number, coursewareId: number, seconds: number) {
  await db()
    .update(coursewareProgress)
    .set({ clockAt: sql`${coursewareProgress.clockAt} - make_interval(secs => ${seconds})` })
    .where(and(eq(coursewareProgress.enrollmentId, enrollmentId), eq(coursewareProgress.coursewareId, coursewareId)));
}

describe('opening coursewares', () => {
  it("gives a lesson's file as a private address bound to the student that expires; the file itself is not public", async () => {
    const s = await studying();
    await db().update(enrollments).set({ progress: 100 }).where(eq(enrollments.id, s.enrolment.id));
    const opened = await ctx.api.get(`/api/v1/coursewares/${s.video.id}/`, s.as);
    expect(opened.body.file).toMatch(new RegExp(`^/media/private/seed/private/lessons/lecture\\.webm\\?expires=\\d+&viewer=${s.enrolment.student.user.id}&signature=`));
    const expires = Number(new URL(opened.body.file, ctx.server.url).searchParams.get('expires'));
    expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(15 * 60_000 + 1000);
    expect((await ctx.api.get(opened.body.file)).status).toBe(403);
    expect((await ctx.api.get('/media/uploads/seed/private/lessons/lecture.webm')).status).toBe(404);
  });

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

  it('allows the tolerance once: many quick saves or opens cannot add up to unwatched time', async () => {
    const s = await studying();
    await ctx.api.get(`/api/v1/coursewares/${s.html.id}/`, s.as);
    await ctx.api.post(`/api/v1/coursewares/${s.html.id}/complete/`, {}, s.as);
    await ctx.api.get(`/api/v1/coursewares/${s.video.id}/`, s.as);
    const save = (seconds: number) => ctx.api.post('/api/v1/progress/', { courseware_id: s.video.id, seconds }, s.as);
    for (const seconds of [2, 4, 5]) expect((await save(seconds)).status).toBe(200);
    expect((await save(9)).body.code).toBe('progress_too_fast');
    expect((await save(12)).body.code).toBe('progress_too_fast');
    // Opening again gives no new allowance: the clock restarts, the watched time does not.
    await ctx.api.get(`/api/v1/coursewares/${s.video.id}/`, s.as);
    expect((await save(9)).body.code).toBe('progress_too_fast');
  });

  it('refuses the open-and-save loop that walked a whole video in under a second', async () => {
    const s = await studying();
    await ctx.api.get(`/api/v1/coursewares/${s.html.id}/`, s.as);
    await ctx.api.post(`/api/v1/coursewares/${s.html.id}/complete/`, {}, s.as);
    let saved = 0;
    for (let step = 1; step <= 12; step += 1) {
      await ctx.api.get(`/api/v1/coursewares/${s.video.id}/`, s.as);
      const res = await ctx.api.post('/api/v1/progress/', { courseware_id: s.video.id, seconds: saved + 5 }, s.as);
      if (res.status === 200) saved = res.body.seconds;
    }
    // Only the tolerance (and the few real seconds the loop took) were ever credited.
    expect(saved).toBeLessThan(15);
    expect((await ctx.api.post(`/api/v1/coursewares/${s.video.id}/complete/`, {}, s.as)).body.code).toBe('not_watched');
  });

  it('passes playback at normal speed, however many times the lesson is opened again', async () => {
    const s = await studying();
    await ctx.api.get(`/api/v1/coursewares/${s.html.id}/`, s.as);
    await ctx.api.post(`/api/v1/coursewares/${s.html.id}/complete/`, {}, s.as);
    for (let at = 10; at <= 60; at += 10) {
      // Opened at the start, and again half-way (a reload): both keep the time already watched.
      if (at === 10 || at === 40) await ctx.api.get(`/api/v1/coursewares/${s.video.id}/`, s.as);
      await letTimePass(s.enrolment.id, s.video.id, 10);
      const res = await ctx.api.post('/api/v1/progress/', { courseware_id: s.video.id, seconds: at }, s.as);
      expect(res.body, `at ${at}`).toMatchObject({ seconds: at });
    }
    expect((await ctx.api.post(`/api/v1/coursewares/${s.video.id}/complete/`, {}, s.as)).body).toMatchObject({ completed: true, progress: 66 });
    const admin = await createStaff(db(), { school: s.school });
    const evidence = await ctx.api.get(`/api/v1/enrollments/${s.enrolment.id}/identity/`, { token: admin.token, host: s.school.host });
    expect(evidence.body.progress.map((p: { time_spent_seconds: number | null }) => p.time_spent_seconds)).toEqual([null, expect.any(Number)]);
    expect(evidence.body.progress[1].time_spent_seconds).toBeGreaterThanOrEqual(60);
  });

  it('gives two tabs on one lesson one clock, not twice the time', async () => {
    const s = await studying();
    await ctx.api.get(`/api/v1/coursewares/${s.html.id}/`, s.as);
    await ctx.api.post(`/api/v1/coursewares/${s.html.id}/complete/`, {}, s.as);
    await Promise.all([ctx.api.get(`/api/v1/coursewares/${s.video.id}/`, s.as), ctx.api.get(`/api/v1/coursewares/${s.video.id}/`, s.as)]);
    await letTimePass(s.enrolment.id, s.video.id, 20);
    const save = (seconds: number) => ctx.api.post('/api/v1/progress/', { courseware_id: s.video.id, seconds }, s.as);
    const [first, second] = await Promise.all([save(20), save(40)]);
    expect([first.status, second.status]).toEqual([200, 400]);
    const [row] = await db().select().from(coursewareProgress).where(and(eq(coursewareProgress.enrollmentId, s.enrolment.id), eq(coursewareProgress.coursewareId, s.video.id)));
    expect(row!.seconds).toBe(20);
    expect(row!.watchedSeconds).toBeGreaterThanOrEqual(20);
    expect(row!.watchedSeconds).toBeLessThan(30);
  });

  it('credits a silence of the page only as long as a save gap, and one lesson of a student at a time', async () => {
    const s = await studying({}, [{ type: 'video', file: 'seed/private/lessons/lecture.webm', mediaSeconds: 600 }, { type: 'audio', file: 'seed/private/lessons/podcast.webm', mediaSeconds: 600 }]);
    const [first, second] = s.extra;
    const save = (id: number, seconds: number) => ctx.api.post('/api/v1/progress/', { courseware_id: id, seconds }, s.as);
    const watched = async (id: number) =>
      (await db().select().from(coursewareProgress).where(and(eq(coursewareProgress.enrollmentId, s.enrolment.id), eq(coursewareProgress.coursewareId, id))))[0]!.watchedSeconds;
    await ctx.api.get(`/api/v1/coursewares/${first!.id}/`, s.as);
    // A page left open for an hour was not an hour of watching.
    await letTimePass(s.enrolment.id, first!.id, 3600);
    await save(first!.id, 10);
    expect(await watched(first!.id)).toBeGreaterThanOrEqual(60);
    expect(await watched(first!.id)).toBeLessThan(62);

    // Opening another lesson (another tab, another course) stops this one's clock.
    await ctx.api.get(`/api/v1/coursewares/${second!.id}/`, s.as);
    await letTimePass(s.enrolment.id, first!.id, 50);
    await letTimePass(s.enrolment.id, second!.id, 50);
    await save(first!.id, 20);
    await save(second!.id, 20);
    expect(await watched(first!.id)).toBeLessThan(62);
    expect(await watched(second!.id)).toBeGreaterThanOrEqual(50);
    expect(await watched(second!.id)).toBeLessThan(52);
    expect((await ctx.api.post(`/api/v1/coursewares/${first!.id}/complete/`, {}, s.as)).body.code).toBe('not_watched');
  });

  it('needs the time spent even where seeking forward is allowed', async () => {
    const school = await createSchool(db());
    const course = await createCourse(db(), { school });
    const [video] = await createOutline(db(), course, [{ type: 'video', file: 'seed/private/lessons/lecture.webm', mediaSeconds: 60, forwardStreaming: true }]);
    const enrolment = await createEnrolment(db(), { course });
    const as = { token: enrolment.student.token, host: school.host };
    await ctx.api.get(`/api/v1/coursewares/${video!.id}/`, as);
    expect((await ctx.api.post('/api/v1/progress/', { courseware_id: video!.id, seconds: 60 }, as)).body.seconds).toBe(60);
    expect((await ctx.api.post(`/api/v1/coursewares/${video!.id}/complete/`, {}, as)).body.code).toBe('not_watched');
    await letTimePass(enrolment.id, video!.id, 60);
    expect((await ctx.api.post(`/api/v1/coursewares/${video!.id}/complete/`, {}, as)).body).toMatchObject({ completed: true, progress: 100 });
  });

  it('completes YouTube and SoundCloud lessons by their watched time too', async () => {
    const school = await createSchool(db());
    const course = await createCourse(db(), { school });
    const [yt, sc] = await createOutline(db(), course, [{ type: 'yt', url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', mediaSeconds: 600 }, { type: 'sc', url: 'https://soundcloud.com/a/b', mediaSeconds: 200 }]);
    const enrolment = await createEnrolment(db(), { course });
    const as = { token: enrolment.student.token, host: school.host };
    await ctx.api.get(`/api/v1/coursewares/${yt!.id}/`, as);
    expect((await ctx.api.post(`/api/v1/coursewares/${yt!.id}/complete/`, {}, as)).body.code).toBe('not_watched');
    for (let at = 60; at <= 600; at += 60) {
      await letTimePass(enrolment.id, yt!.id, 60);
      expect((await ctx.api.post('/api/v1/progress/', { courseware_id: yt!.id, seconds: Math.min(at, 599) }, as)).body.seconds).toBe(Math.min(at, 599));
    }
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
    const [ivideo] = await createOutline(db(), course, [{ type: 'ivideo', file: 'seed/private/lessons/lecture.webm', mediaSeconds: 30, maxAttempts }]);
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

  it('compares choices as sets and blanks in order, without regard to case and spaces', async () => {
    const s = await withQuestions(0);
    await ctx.api.get(`/api/v1/coursewares/${s.ivideo.id}/`, s.as);
    const [, checkbox, fitb] = s.questions;
    expect((await answer(checkbox!.id, ['c', 'a'], s.as)).body).toMatchObject({ correct: true, done: true, message: vq.correct });
    expect((await answer(fitb!.id, ['law', 'spirit'], s.as)).body).toMatchObject({ correct: false, done: false, message: vq.tryAgain });
    expect((await answer(fitb!.id, [' Spirit ', 'LAW'], s.as)).body).toMatchObject({ correct: true, done: true, attempts: 2 });
  });

  it('reveals the answer and the explanation after 3 wrong tries when attempts are unlimited', async () => {
    const s = await withQuestions(0);
    await ctx.api.get(`/api/v1/coursewares/${s.ivideo.id}/`, s.as);
    const radio = s.questions[0]!;
    for (const attempts of [1, 2]) expect((await answer(radio.id, ['MTC'], s.as)).body).toEqual({ correct: false, done: false, attempts, message: vq.tryAgain, correct_answer: null, remarks: null });
    expect((await answer(radio.id, ['MTC'], s.as)).body).toEqual({ correct: false, done: true, attempts: 3, message: vq.incorrect, correct_answer: ['RTC'], remarks: 'Exclusive original jurisdiction.' });
    // Done: the playback goes on past it, after a reload too.
    expect((await answer(radio.id, ['RTC'], s.as)).body).toMatchObject({ correct: false, done: true, attempts: 3 });
    expect((await ctx.api.get(`/api/v1/coursewares/${s.ivideo.id}/`, s.as)).body.interactive_video.contents[0]).toMatchObject({ done: true, correct_answer: ['RTC'], remarks: 'Exclusive original jurisdiction.' });
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
  /**
   * A class courseware whose room starts `minutes` from now and lasts `length` minutes, or to the end of the day,
   * at a school where it is about noon (so that the class stays within one day).
   */
  async function liveClass(minutes: number, options: { mcle?: boolean; length?: number } = {}) {
    const zone = noonZone();
    const school = await createSchool(db(), { timeZone: zone, products: { mcle: options.mcle ?? false } });
    const course = await createCourse(db(), { school });
    const [lesson] = await createOutline(db(), course, [{ type: 'class' }]);
    const start = wallClock(zone, minutes);
    const endTime = options.length ? wallClock(zone, minutes + options.length).time : '23:59:59';
    const name = `room-${lesson!.id}-${Date.now()}`;
    const [room] = await db().insert(conferenceRooms).values({ schoolId: school.id, coursewareId: lesson!.id, name, date: start.date, startTime: start.time, endTime }).returning();
    const enrolment = await createEnrolment(db(), { course });
    return { school, zone, lesson: lesson!, name, code: room!.code, enrolment, as: { token: enrolment.student.token, host: school.host } };
  }
  const join = (name: string, as: { token: string; host: string }) => ctx.api.post('/api/v1/conference-rooms/join/', { confRoomName: name, useStudios: false, url: '' }, as);
  const attend = (code: string, event: string, as: { token: string; host: string }) => ctx.api.post('/api/v1/conference-rooms/attendance/', { code, event }, as);
  /** As if the last report came that many seconds earlier. */
  const quiet = (enrollmentId: number, seconds: number) =>
    db().update(classAttendance).set({ lastSeenAt: sql`${classAttendance.lastSeenAt} - make_interval(secs => ${seconds})` }).where(eq(classAttendance.enrollmentId, enrollmentId));

  it('opens 15 minutes before the start, gives the unguessable room, and completes on the conference joining, not the click', async () => {
    const early = await liveClass(60);
    await ctx.api.get(`/api/v1/coursewares/${early.lesson.id}/`, early.as);
    expect(await join(early.name, early.as)).toMatchObject({ status: 400, body: { code: 'class_not_open', detail: msg.classNotOpen } });
    expect(await attend(early.code, 'joined', early.as)).toMatchObject({ status: 400, body: { code: 'class_not_open' } });

    const soon = await liveClass(10);
    const opened = await ctx.api.get(`/api/v1/coursewares/${soon.lesson.id}/`, soon.as);
    expect(soon.code).toMatch(/^[0-9a-f]{32}$/);
    expect(opened.body.conference_room).toMatchObject({ name: soon.name, code: soon.code, use_studios: false, url: `https://meet.jit.si/${soon.code}` });
    expect(opened.body.recording).toBeNull();
    // A recording is the address the editor gave (the school's video host), shown as it is.
    await db().update(conferenceRooms).set({ recording: 'https://video.example/recordings/ethics-forum' }).where(eq(conferenceRooms.name, soon.name));
    expect((await ctx.api.get(`/api/v1/coursewares/${soon.lesson.id}/`, soon.as)).body.recording).toBe('https://video.example/recordings/ethics-forum');
    expect((await ctx.api.post(`/api/v1/coursewares/${soon.lesson.id}/complete/`, {}, soon.as)).body.code).toBe('join_to_complete');
    expect((await join(soon.name, soon.as)).body).toEqual({ joined: true, code: soon.code, completion: null });
    // The click alone (the conference never loaded) credits nothing.
    expect((await ctx.api.get(`/api/v1/enrollments/${soon.enrolment.id}/`, soon.as)).body).toMatchObject({ progress: 0, completed_coursewares: [] });
    expect(await attend(soon.code, 'present', soon.as)).toMatchObject({ status: 400, body: { code: 'not_in_class', detail: msg.notInClass } });

    const joined = await attend(soon.code, 'joined', soon.as);
    expect(joined.body).toMatchObject({ attended_seconds: 0, required_seconds: 0, completion: { completed: true, progress: 100 } });
    const [event] = await db().select().from(events).where(and(eq(events.type, 'class.joined'), eq(events.subjectId, soon.enrolment.id)));
    expect(event?.data).toMatchObject({ room: soon.name, attendedSeconds: 0 });
  });

  it('asks an MCLE school for presence through the class, counted from the heartbeats inside its hours', async () => {
    const s = await liveClass(-20, { mcle: true, length: 40 });
    await ctx.api.get(`/api/v1/coursewares/${s.lesson.id}/`, s.as);
    expect((await attend(s.code, 'joined', s.as)).body).toMatchObject({ attended_seconds: 0, required_seconds: 1800, completion: null });
    await quiet(s.enrolment.id, 30);
    expect((await attend(s.code, 'present', s.as)).body.attended_seconds).toBe(30);
    // A page that went quiet for ten minutes is credited the heartbeat's allowance only.
    await quiet(s.enrolment.id, 600);
    expect((await attend(s.code, 'present', s.as)).body.attended_seconds).toBe(120);
    await quiet(s.enrolment.id, 30);
    expect((await attend(s.code, 'left', s.as)).body.attended_seconds).toBe(150);
    // Time away after leaving is not presence, and a heartbeat after it adds nothing until the conference joins again.
    await quiet(s.enrolment.id, 60);
    expect((await attend(s.code, 'present', s.as)).body.attended_seconds).toBe(150);
    expect((await attend(s.code, 'joined', s.as)).body.attended_seconds).toBe(150);
    expect((await ctx.api.get(`/api/v1/enrollments/${s.enrolment.id}/`, s.as)).body.completed_coursewares).toEqual([]);

    await db().update(classAttendance).set({ seconds: 1790 }).where(eq(classAttendance.enrollmentId, s.enrolment.id));
    await quiet(s.enrolment.id, 30);
    const done = await attend(s.code, 'present', s.as);
    expect(done.body).toMatchObject({ attended_seconds: 1820, completion: { completed: true, progress: 100 } });
    // The school's evidence shows the minutes present.
    const admin = await createStaff(db(), { school: s.school });
    const evidence = await ctx.api.get(`/api/v1/enrollments/${s.enrolment.id}/identity/`, { token: admin.token, host: s.school.host });
    expect(evidence.body.progress).toEqual([expect.objectContaining({ courseware: s.lesson.name, time_spent_seconds: 1820, completed_at: expect.any(String) })]);
  });

  it("takes the room's own attendance minutes over the school's rule", async () => {
    const s = await liveClass(-60, { mcle: true });
    await db().update(conferenceRooms).set({ attendanceMinutes: 1 }).where(eq(conferenceRooms.name, s.name));
    await ctx.api.get(`/api/v1/coursewares/${s.lesson.id}/`, s.as);
    expect((await attend(s.code, 'joined', s.as)).body).toMatchObject({ required_seconds: 60, completion: null });
    await quiet(s.enrolment.id, 61);
    expect((await attend(s.code, 'present', s.as)).body).toMatchObject({ attended_seconds: 61, completion: { completed: true } });
  });

  it('does not count a join or presence after the class has ended', async () => {
    const over = await liveClass(-120);
    await db().update(conferenceRooms).set({ endTime: wallClock(over.zone, -60).time }).where(eq(conferenceRooms.name, over.name));
    await ctx.api.get(`/api/v1/coursewares/${over.lesson.id}/`, over.as);
    expect((await join(over.name, over.as)).body).toMatchObject({ code: 'class_over', detail: msg.classOver });
    expect((await attend(over.code, 'joined', over.as)).body).toMatchObject({ code: 'class_over' });
  });

  it("does not find another school's room, by name or by code, and refuses a stranger to the course", async () => {
    const mine = await liveClass(10);
    const theirs = await liveClass(10);
    expect((await join(theirs.name, mine.as)).status).toBe(404);
    expect((await attend(theirs.code, 'joined', mine.as)).status).toBe(404);
    expect((await attend('0'.repeat(32), 'joined', mine.as)).status).toBe(404);
    const stranger = await createStudent(db(), { school: mine.school });
    const strangerAs = { token: stranger.token, host: mine.school.host };
    expect((await attend(mine.code, 'joined', strangerAs)).body.code).toBe('not_enrolled');
    // The guessable name does not give the room's code away to anybody outside the class.
    const refused = await join(mine.name, strangerAs);
    expect(refused.body).toMatchObject({ code: 'not_enrolled' });
    expect(refused.text).not.toContain(mine.code);
    expect((await attend(mine.code, 'wave', mine.as)).status).toBe(400);
  });
});

describe('reporting a lesson that cannot be studied', () => {
  it("tells the school's administrators once, with the lesson and the browser's error", async () => {
    const s = await studying();
    const admin = await createStaff(db(), { school: s.school });
    const report = (id: number, detail: string, as = s.as) => ctx.api.post(`/api/v1/coursewares/${id}/problems/`, { detail }, as);
    expect((await report(s.html.id, 'YouTube: could not load')).body.code).toBe('locked');
    await ctx.api.get(`/api/v1/coursewares/${s.html.id}/`, s.as);
    expect(await report(s.html.id, ' ')).toMatchObject({ status: 400 });
    expect(await report(s.html.id, 'x'.repeat(1001))).toMatchObject({ status: 400 });
    const detail = 'YouTube: could not load <script>https://www.youtube.com/iframe_api</script>';
    expect(await report(s.html.id, detail)).toMatchObject({ status: 200, body: { reported: true } });
    // Again within 10 minutes: the same answer, nobody told twice.
    expect((await report(s.html.id, detail)).body).toEqual({ reported: true });
    const rows = await db().select().from(events).where(and(eq(events.type, 'courseware.problem'), eq(events.subjectId, s.enrolment.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.data).toMatchObject({ coursewareId: s.html.id, detail });

    const told = await waitFor(async () => {
      const res = await ctx.api.get('/api/v1/notifications/', { token: admin.token, host: s.school.host });
      return res.body.data?.length ? res.body.data : null;
    });
    expect(told[0]).toMatchObject({ link: `/staff/enrollments/${s.enrolment.id}/identity` });
    expect(told[0].description).toContain('&lt;script&gt;');
    expect(told[0].description).not.toContain('<script>');
    // The staff previewing have nobody to tell; another school's lesson does not exist here.
    expect((await report(s.html.id, 'x', { token: admin.token, host: s.school.host })).body).toEqual({ reported: false });
    const other = await studying();
    expect((await report(other.html.id, 'x')).status).toBe(404);
    expect((await report(s.html.id, 'x', { ...s.as, host: other.school.host })).status).toBe(404);
  });
});

describe("an administrator completing a lesson for a student", () => {
  it('marks an opened lesson complete, recorded with who did it; nobody else may, and exams and classes are not given', async () => {
    const s = await studying();
    const admin = await createStaff(db(), { school: s.school });
    const instructor = await createStaff(db(), { school: s.school, role: 'IN' });
    const complete = (coursewareId: number, token: string, host = s.school.host, enrollmentId = s.enrolment.id) =>
      ctx.api.post(`/api/v1/enrollments/${enrollmentId}/coursewares/${coursewareId}/complete/`, {}, { token, host });
    await ctx.api.get(`/api/v1/coursewares/${s.html.id}/`, s.as);
    await ctx.api.post(`/api/v1/coursewares/${s.html.id}/complete/`, {}, s.as);
    expect((await complete(s.video.id, admin.token)).body.code).toBe('locked');
    await ctx.api.get(`/api/v1/coursewares/${s.video.id}/`, s.as);

    // Not the student, not an instructor, not another school's administrator: nothing to find.
    expect((await complete(s.video.id, s.enrolment.student.token)).status).toBe(404);
    expect((await complete(s.video.id, instructor.token)).status).toBe(404);
    const other = await studying();
    const otherAdmin = await createStaff(db(), { school: other.school });
    expect((await complete(s.video.id, otherAdmin.token, other.school.host)).status).toBe(404);
    expect((await complete(other.video.id, admin.token)).status).toBe(404);

    const done = await complete(s.video.id, admin.token);
    expect(done.body).toMatchObject({ courseware_id: s.video.id, completed: true, progress: 66, next: s.link.id });
    const [audit] = await db().select().from(events).where(and(eq(events.type, 'courseware.completed_by_staff'), eq(events.subjectId, s.enrolment.id)));
    expect(audit).toMatchObject({ actorId: admin.user.id, data: { coursewareId: s.video.id } });
    expect(await db().select().from(auditLog).where(and(eq(auditLog.subjectType, 'enrolment'), eq(auditLog.subjectId, s.enrolment.id)))).toMatchObject([
      { actorId: admin.user.id, schoolId: s.school.id, action: 'enrolment.complete_courseware', changes: { completed_courseware: { before: null, after: s.video.id } } },
    ]);
    expect((await ctx.api.get(`/api/v1/enrollments/${s.enrolment.id}/`, s.as)).body.completed_coursewares).toEqual([s.html.id, s.video.id]);

    // Again (a retry), and a lesson the student completed themselves: answered, but nothing more recorded.
    expect((await complete(s.video.id, admin.token)).body).toMatchObject({ completed: true });
    expect((await complete(s.html.id, admin.token)).body).toMatchObject({ completed: true });
    expect(await db().$count(events, and(eq(events.type, 'courseware.completed_by_staff'), eq(events.subjectId, s.enrolment.id)))).toBe(1);
    expect(await db().$count(auditLog, and(eq(auditLog.subjectType, 'enrolment'), eq(auditLog.subjectId, s.enrolment.id)))).toBe(1);
  });

  it('does not give exams or live classes', async () => {
    const school = await createSchool(db());
    const course = await createCourse(db(), { school });
    const [exam, live] = await createOutline(db(), course, [{ type: 'exam', forwardStreaming: true }, { type: 'class', forwardStreaming: true }]);
    const enrolment = await createEnrolment(db(), { course });
    const admin = await createStaff(db(), { school });
    for (const ware of [exam!, live!]) await ctx.api.get(`/api/v1/coursewares/${ware.id}/`, { token: enrolment.student.token, host: school.host });
    const complete = (id: number) => ctx.api.post(`/api/v1/enrollments/${enrolment.id}/coursewares/${id}/complete/`, {}, { token: admin.token, host: school.host });
    expect((await complete(exam!.id)).body.code).toBe('exam_completes');
    expect((await complete(live!.id)).body.code).toBe('join_to_complete');
  });
});
