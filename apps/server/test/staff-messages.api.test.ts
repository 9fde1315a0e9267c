import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messageMessages as msg, MESSAGE_BODY_MAX } from '@school/shared/staff/messages';
import { auditLog, classes, mailOptOuts, notifications, outboxMessages, staffMessageRecipients, staffMessages, users } from '../src/db/schema/index';
import { MESSAGE_BATCH } from '../src/modules/messages/service';
import { DEMO_PASSWORD } from '../src/seed/demo-data';
import { createCourse, createEnrolment, createSchool, createStaff, createStudent, lastMail, linkIn, waitFor } from './support/factories';
import { serverForFile } from './support/server';

const ctx = serverForFile();
const db = () => ctx.server.database.db;
const staff = (rest: string) => `/api/v1/staff/${rest}`;

/** A school with two courses: Evidence (three studying, one in its Saturday class, one waiting to pay, one cancelled) and Ethics (one), its administrator and Evidence's instructor. */
async function school() {
  const s = await createSchool(db());
  const evidence = await createCourse(db(), { school: s, name: 'Evidence' });
  const ethics = await createCourse(db(), { school: s, name: 'Ethics' });
  const [saturday] = await db().insert(classes).values({ schoolId: s.id, courseId: evidence.id, name: 'Saturday class' }).returning();
  const admin = await createStaff(db(), { school: s });
  const instructor = await createStaff(db(), { school: s, role: 'IN', courses: [evidence] });
  const studying = [];
  for (let i = 0; i < 3; i++) studying.push((await createEnrolment(db(), { course: evidence, student: await createStudent(db(), { school: s }), classId: i === 0 ? saturday!.id : null })).student);
  const waiting = (await createEnrolment(db(), { course: evidence, student: await createStudent(db(), { school: s }), status: 'pending' })).student;
  const cancelled = (await createEnrolment(db(), { course: evidence, student: await createStudent(db(), { school: s }), status: 'cancelled' })).student;
  const other = (await createEnrolment(db(), { course: ethics, student: await createStudent(db(), { school: s }) })).student;
  const as = (who: { token: string }) => ({ token: who.token, host: s.host });
  return { school: s, evidence, ethics, saturday: saturday!, admin, instructor, studying, waiting, cancelled, other, as };
}

const sent = (id: number, as: { token: string; host: string }) =>
  waitFor(async () => {
    const res = await ctx.api.get(staff(`messages/${id}/`), as);
    return res.body.state === 'sent' ? res.body : undefined;
  });

const bellOf = (userId: number) => db().select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, 'announcement')));

describe('staff messages', () => {
  it("reaches a course's studying students by the bell and by e-mail (not one who turned it off), counts them, and lets each read it", async () => {
    const s = await school();
    await db().insert(mailOptOuts).values({ userId: s.studying[2]!.user.id, kind: 'announcement' });
    const audiences = await ctx.api.get(staff('messages/audiences/'), s.as(s.admin));
    expect(audiences.body).toEqual({
      school: { students: 4 },
      courses: [
        { id: s.ethics.id, name: 'Ethics', students: 1, classes: [] },
        { id: s.evidence.id, name: 'Evidence', students: 3, classes: [{ id: s.saturday.id, name: 'Saturday class', students: 1 }] },
      ],
    });

    const asked = await ctx.api.post(staff('messages/'), { audience: 'course', course: s.evidence.id, class: s.saturday.id, subject: '  Room   change\n', body: 'We meet in Room 4 on Saturday.\n\nBring your codal.' }, s.as(s.admin));
    expect(asked.status, asked.text).toBe(202);
    expect(asked.body).toMatchObject({ audience: 'course', audience_label: 'Evidence', class: null, subject: 'Room change', state: 'queued', recipients: 0 });
    const done = await sent(asked.body.id, s.as(s.admin));
    expect(done).toMatchObject({ recipients: 3, emailed: 2, finished_at: expect.any(String) });

    // The three studying got the bell; neither the one waiting to pay, the cancelled one, nor Ethics' student.
    for (const student of s.studying) expect((await bellOf(student.user.id)).map((n) => [n.description, n.link])).toEqual([[expect.stringContaining('sent an announcement: <strong>Room change</strong>'), `/messages/${asked.body.id}`]]);
    for (const student of [s.waiting, s.cancelled, s.other]) expect(await bellOf(student.user.id)).toEqual([]);
    const mail = await lastMail(ctx.server.url, s.studying[0]!.user.email, { subject: 'Room change' });
    expect(mail.text).toContain('We meet in Room 4 on Saturday.\nBring your codal.');
    expect(linkIn(mail.text).pathname).toBe(`/messages/${asked.body.id}`);
    expect(mail.text).toMatch(/Unsubscribe from these emails: \S+token=\d+\.announcement\./);
    expect(mail.headers?.['List-Unsubscribe']).toBeDefined();

    const recipients = await ctx.api.get(staff(`messages/${asked.body.id}/recipients/`), s.as(s.admin));
    expect(recipients.body.count).toBe(3);
    expect(recipients.body.data.filter((r: { emailed: boolean }) => !r.emailed).map((r: { id: number }) => r.id)).toEqual([s.studying[2]!.user.id]);

    // The student reads it on the site; another student, and the same one on another school's site, find nothing.
    const mine = await ctx.api.get(`/api/v1/messages/${asked.body.id}/`, s.as(s.studying[1]!));
    expect(mine.body).toMatchObject({ subject: 'Room change', body: 'We meet in Room 4 on Saturday.\n\nBring your codal.', course: { name: 'Evidence', slug: s.evidence.slug } });
    expect(mine.body.from).toContain(s.school.name);
    expect((await ctx.api.get(`/api/v1/messages/${asked.body.id}/`, s.as(s.other))).status).toBe(404);
    const elsewhere = await createSchool(db());
    expect((await ctx.api.get(`/api/v1/messages/${asked.body.id}/`, { token: s.studying[1]!.token, host: elsewhere.host })).status).toBe(404);
    expect((await ctx.api.get(`/api/v1/messages/${asked.body.id}/`, { host: s.school.host })).status).toBe(401);

    // Audited, and in the history.
    const audit = await db().select().from(auditLog).where(and(eq(auditLog.action, 'message.send'), eq(auditLog.subjectId, asked.body.id)));
    expect(audit.map((a) => a.actorId)).toEqual([s.admin.user.id]);
    expect((await ctx.api.get(staff('messages/'), s.as(s.admin))).body).toMatchObject({ count: 1, data: [{ id: asked.body.id, recipients: 3 }] });
  });

  it('sends to one class, and to the whole school once each however many courses a student takes', async () => {
    const s = await school();
    await createEnrolment(db(), { course: s.ethics, student: s.studying[0]! });
    const toClass = await ctx.api.post(staff('messages/'), { audience: 'class', course: s.evidence.id, class: s.saturday.id, subject: 'Saturday', body: 'Starts at 9.' }, s.as(s.admin));
    expect(toClass.body).toMatchObject({ audience_label: 'Evidence · Saturday class', class: { id: s.saturday.id } });
    expect(await sent(toClass.body.id, s.as(s.admin))).toMatchObject({ recipients: 1, emailed: 1 });
    expect(await bellOf(s.studying[1]!.user.id)).toEqual([]);

    const toAll = await ctx.api.post(staff('messages/'), { audience: 'school', course: s.evidence.id, subject: 'Holiday', body: 'No classes on Monday.' }, s.as(s.admin));
    expect(toAll.body).toMatchObject({ audience_label: 'The whole school', course: null });
    expect(await sent(toAll.body.id, s.as(s.admin))).toMatchObject({ recipients: 4, emailed: 4 });
    expect(await bellOf(s.studying[0]!.user.id)).toHaveLength(2);
  });

  it('goes on after the last student reached when a delivery stopped part-way, reaching nobody twice', async () => {
    const s = await school();
    const extra = await createCourse(db(), { school: s.school, name: 'Big' });
    const ids: number[] = [];
    for (let i = 0; i < MESSAGE_BATCH + 3; i++) ids.push((await createEnrolment(db(), { course: extra, student: await createStudent(db(), { school: s.school }) })).student.user.id);
    // E-mails only to the first and the last three (each e-mail is a job of its own: 203 would take long here).
    await db().insert(mailOptOuts).values(ids.slice(1, MESSAGE_BATCH).map((userId) => ({ userId, kind: 'announcement' as const })));
    const asked = await ctx.api.post(staff('messages/'), { audience: 'course', course: extra.id, subject: 'Welcome', body: 'Hello.' }, s.as(s.admin));
    const id = asked.body.id as number;
    expect(await sent(id, s.as(s.admin))).toMatchObject({ recipients: MESSAGE_BATCH + 3, emailed: 4 });
    const reached = (await db().select().from(staffMessageRecipients).where(eq(staffMessageRecipients.messageId, id))).map((r) => r.userId).sort((x, y) => x - y);
    expect(reached).toHaveLength(MESSAGE_BATCH + 3);

    const emailOf = new Map((await db().select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, reached))).map((u) => [u.id, u.email]));
    const mails = async (userId: number) => (await db().select().from(outboxMessages).where(eq(outboxMessages.toAddress, emailOf.get(userId)!))).filter((m) => m.subject === 'Welcome').length;
    // Every e-mail is its own job: all of them out first.
    const outbox = () => db().select().from(outboxMessages).where(and(eq(outboxMessages.subject, 'Welcome'), inArray(outboxMessages.toAddress, [...emailOf.values()])));
    await waitFor(async () => ((await outbox()).length === 4 ? true : undefined));

    // As if the process had died during the second batch: its transaction (recipients, notices, e-mail jobs) never
    // committed, and the message says it is still being sent.
    const lost = reached.slice(MESSAGE_BATCH);
    await db().delete(staffMessageRecipients).where(and(eq(staffMessageRecipients.messageId, id), inArray(staffMessageRecipients.userId, lost)));
    await db().delete(notifications).where(and(eq(notifications.link, `/messages/${id}`), inArray(notifications.userId, lost)));
    await db().delete(outboxMessages).where(inArray(outboxMessages.toAddress, lost.map((u) => emailOf.get(u)!)));
    await db().update(staffMessages).set({ state: 'sending' }).where(eq(staffMessages.id, id));
    expect((await ctx.api.get(staff(`messages/${id}/`), s.as(s.admin))).body).toMatchObject({ state: 'sending', recipients: MESSAGE_BATCH, emailed: 1 });

    // The job's retry finishes it: the lost three are reached once, the first batch not again.
    await ctx.server.app.jobs.send('staff-message', { id });
    expect(await sent(id, s.as(s.admin))).toMatchObject({ recipients: MESSAGE_BATCH + 3, emailed: 4 });
    await waitFor(async () => ((await outbox()).length === 4 ? true : undefined));
    expect(await Promise.all(lost.map(mails))).toEqual([1, 1, 1]);
    expect(await mails(reached[0]!)).toBe(1);
    const notices = await db().select({ userId: notifications.userId }).from(notifications).where(eq(notifications.link, `/messages/${id}`));
    expect(notices).toHaveLength(MESSAGE_BATCH + 3);
  });

  it("refuses bad input with each field's message, and an audience without students", async () => {
    const s = await school();
    const post = (body: object) => ctx.api.post(staff('messages/'), body, s.as(s.admin));
    expect((await post({ audience: 'course', subject: ' ', body: '' })).body).toEqual({ subject: [msg.subjectRequired], body: [msg.bodyRequired], course: [msg.courseRequired] });
    expect((await post({ audience: 'class', course: s.evidence.id, subject: 'x'.repeat(151), body: 'x'.repeat(MESSAGE_BODY_MAX + 1) })).body).toEqual({ subject: [msg.subjectTooLong], body: [msg.bodyTooLong], class: [msg.classRequired] });
    expect((await post({ audience: 'everyone', subject: 'a', body: 'b' })).status).toBe(400);
    const otherClass = (await db().insert(classes).values({ schoolId: s.school.id, courseId: s.ethics.id, name: 'Other' }).returning())[0]!;
    expect((await post({ audience: 'class', course: s.evidence.id, class: otherClass.id, subject: 'a', body: 'b' })).body).toEqual({ class: [msg.classNotHere] });
    const empty = await createCourse(db(), { school: s.school, name: 'Empty' });
    expect((await post({ audience: 'course', course: empty.id, subject: 'a', body: 'b' })).body).toEqual({ audience: [msg.nobody] });
    expect(await db().select().from(staffMessages).where(eq(staffMessages.schoolId, s.school.id))).toEqual([]);
  });

  it("keeps an instructor to their courses and their own messages; another school's staff, a student and nobody find nothing", async () => {
    const s = await school();
    const post = (who: { token: string }, body: object, host = s.school.host) => ctx.api.post(staff('messages/'), body, { token: who.token, host });
    const audiences = await ctx.api.get(staff('messages/audiences/'), s.as(s.instructor));
    expect(audiences.body).toEqual({ school: null, courses: [{ id: s.evidence.id, name: 'Evidence', students: 3, classes: [{ id: s.saturday.id, name: 'Saturday class', students: 1 }] }] });
    expect((await post(s.instructor, { audience: 'course', course: s.ethics.id, subject: 'a', body: 'b' })).body).toEqual({ course: [msg.courseNotYours] });
    expect((await post(s.instructor, { audience: 'school', subject: 'a', body: 'b' })).body).toEqual({ detail: msg.schoolRefused });
    const theirs = await post(s.instructor, { audience: 'course', course: s.evidence.id, subject: 'Reading', body: 'Rule 130.' });
    expect(theirs.status, theirs.text).toBe(202);
    const admins = await post(s.admin, { audience: 'course', course: s.evidence.id, subject: 'Fees', body: 'Due Friday.' });
    await sent(admins.body.id, s.as(s.admin));

    // The instructor's history holds their own; the administrator's, both.
    expect((await ctx.api.get(staff('messages/'), s.as(s.instructor))).body.data.map((m: { id: number }) => m.id)).toEqual([theirs.body.id]);
    expect((await ctx.api.get(staff('messages/'), s.as(s.admin))).body.data.map((m: { id: number }) => m.id)).toEqual([admins.body.id, theirs.body.id]);
    expect((await ctx.api.get(staff(`messages/${admins.body.id}/`), s.as(s.instructor))).status).toBe(404);
    expect((await ctx.api.get(staff(`messages/${admins.body.id}/recipients/`), s.as(s.instructor))).status).toBe(404);

    // Another school's administrator: the message is not there, nor may its course be written to.
    const b = await createSchool(db());
    const theirAdmin = await createStaff(db(), { school: b });
    for (const path of [`messages/${admins.body.id}/`, `messages/${admins.body.id}/recipients/`]) expect((await ctx.api.get(staff(path), { token: theirAdmin.token, host: b.host })).status).toBe(404);
    expect((await post(theirAdmin, { audience: 'course', course: s.evidence.id, subject: 'a', body: 'b' }, b.host)).body).toEqual({ course: [msg.courseNotYours] });
    // Through this school's site, the other school's staff are nobody here.
    expect((await ctx.api.get(staff(`messages/${admins.body.id}/`), { token: theirAdmin.token, host: s.school.host })).status).toBe(403);

    // A student and nobody.
    for (const path of ['messages/', 'messages/audiences/', `messages/${admins.body.id}/`, `messages/${admins.body.id}/recipients/`]) {
      expect((await ctx.api.get(staff(path), s.as(s.studying[0]!))).status).toBe(403);
      expect((await ctx.api.get(staff(path), { host: s.school.host })).status).toBe(401);
    }
    expect((await post(s.studying[0]!, { audience: 'course', course: s.evidence.id, subject: 'a', body: 'b' })).status).toBe(403);
  });
});

describe("the demo's announcement", () => {
  it("is in the administrator's history, reached the demo student's course, and the demo student reads it from the bell", async () => {
    const login = async (username: string) => ({ token: (await ctx.api.post('/api/v1/api-token-auth/', { username, password: DEMO_PASSWORD })).body.token as string, host: 'demo.localhost' });
    const history = await ctx.api.get(staff('messages/'), await login('demo-admin'));
    const welcome = history.body.data.find((m: { subject: string }) => m.subject.startsWith('Welcome to '));
    expect(welcome).toMatchObject({ state: 'sent', audience: 'course', sent_by: { name: 'Jose Rizal' } });
    expect(welcome.recipients).toBeGreaterThan(0);
    const student = await login('student');
    const bell = await ctx.api.get('/api/v1/notifications/', student);
    expect(bell.body.data.map((n: { link: string }) => n.link)).toContain(`/messages/${welcome.id}`);
    expect((await ctx.api.get(`/api/v1/messages/${welcome.id}/`, student)).body).toMatchObject({ subject: welcome.subject, from: 'Jose Rizal of Juris Academy' });
  });
});
