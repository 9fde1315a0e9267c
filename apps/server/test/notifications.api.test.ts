import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notificationMessages } from '@school/shared/notifications/kinds';
import { eventDeliveries, events, notifications } from '../src/db/schema/index';
import { MAX_ATTEMPTS, notificationDelivery } from '../src/modules/notifications/jobs';
import { links } from '../src/modules/notifications/messages';
import { notificationRepository } from '../src/modules/notifications/repository';
import { unsubscribeTokens } from '../src/modules/notifications/unsubscribe-token';
import { createCourse, createEnrolment, createSchool, createStudent, createVoucher, lastMail, linkIn, registerStudent, waitFor, type OutboxMail } from './support/factories';
import { createClassWithSchedule, createLiveClass } from './support/schedule-factories';
import { client, request } from './support/http';
import { serverForFile, startServer } from './support/server';
import { noonZone, wallClock } from './support/clock';

const ctx = serverForFile();
const db = () => ctx.server.database.db;
const bellOf = (userId: number) => db().select().from(notifications).where(eq(notifications.userId, userId));

describe('notifications', () => {
  it('pages newest first with the unread count, and marks all read', async () => {
    const student = await registerStudent(ctx.server.url);
    const repo = notificationRepository(ctx.server.database.db);
    for (let i = 1; i <= 12; i++) await repo.create(student.id, `Message ${i}`);

    const first = await ctx.api.get('/api/v1/notifications/?page=1', { token: student.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: 12, page: 1, pages: 2, next: 2, unread: 12 });
    expect(first.body.data).toHaveLength(10);
    expect(first.body.data[0]).toMatchObject({ description: 'Message 12', read: false, kind: 'general', link: null });
    const second = await ctx.api.get('/api/v1/notifications/?page=2', { token: student.token });
    expect(second.body).toMatchObject({ page: 2, next: null });
    expect(second.body.data.map((n: { description: string }) => n.description)).toEqual(['Message 2', 'Message 1']);

    expect((await ctx.api.post('/api/v1/notifications/mark-all-read/', {}, { token: student.token })).status).toBe(200);
    const after = await ctx.api.get('/api/v1/notifications/', { token: student.token });
    expect(after.body.unread).toBe(0);
    expect(after.body.data[0].read).toBe(true);
  });

  it("shows nobody else's notifications", async () => {
    const other = await registerStudent(ctx.server.url);
    const res = await ctx.api.get('/api/v1/notifications/', { token: other.token });
    expect(res.body).toMatchObject({ count: 0, data: [], unread: 0, pages: 1, next: null });
  });

  it('needs a login and a sane page', async () => {
    expect((await ctx.api.get('/api/v1/notifications/')).status).toBe(401);
    expect((await ctx.api.get('/api/v1/notifications/unread/')).status).toBe(401);
    expect((await ctx.api.get('/api/v1/notifications/preferences/')).status).toBe(401);
    const student = await registerStudent(ctx.server.url);
    expect((await ctx.api.get('/api/v1/notifications/?page=0', { token: student.token })).status).toBe(400);
    expect((await ctx.api.get('/api/v1/notifications/?page=abc', { token: student.token })).status).toBe(400);
  });

  it("lists on a school's site its own notifications and those of no school, and marks only those read", async () => {
    const [a, b] = [await createSchool(db()), await createSchool(db())];
    const student = await createStudent(db(), { school: a });
    const repo = notificationRepository(db());
    await repo.create(student.user.id, 'At A', { schoolId: a.id });
    await repo.create(student.user.id, 'At B', { schoolId: b.id });
    await repo.create(student.user.id, 'Everywhere');
    const at = async (host: string) => (await ctx.api.get('/api/v1/notifications/', { token: student.token, host })).body;
    expect((await at(a.host)).data.map((n: { description: string }) => n.description).sort()).toEqual(['At A', 'Everywhere']);
    expect((await at(b.host)).data.map((n: { description: string }) => n.description).sort()).toEqual(['At B', 'Everywhere']);
    expect((await ctx.api.get('/api/v1/notifications/unread/', { token: student.token, host: a.host })).body.unread).toBe(2);
    await ctx.api.post('/api/v1/notifications/mark-all-read/', {}, { token: student.token, host: a.host });
    expect((await at(b.host)).unread).toBe(1);
  });
});

describe('notification text', () => {
  it('keeps emphasis alone: scripts and images go, links and other markup become their text', async () => {
    const student = await registerStudent(ctx.server.url);
    await notificationRepository(ctx.server.database.db).create(
      student.id,
      '<strong>Hi</strong> <em>there</em><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a><a href="https://evil.example/x" target="_top">y</a><p onclick="alert(4)">z</p>',
    );
    const res = await ctx.api.get('/api/v1/notifications/', { token: student.token });
    expect(res.body.data[0].description).toBe('<strong>Hi</strong> <em>there</em>xyz');
  });
});

describe('the badge', () => {
  it('answers 304 to its own ETag until a notification arrives or is read', async () => {
    const student = await registerStudent(ctx.server.url);
    const poll = (etag?: string) => ctx.api.get('/api/v1/notifications/unread/', { token: student.token, headers: etag ? { 'if-none-match': etag } : {} });
    const empty = await poll();
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ unread: 0, latest: null });
    const etag = empty.headers.etag!;
    expect(etag).toMatch(/^"[\d-]+"$/);
    const same = await poll(etag);
    expect(same.status).toBe(304);
    expect(same.text).toBe('');

    await notificationRepository(db()).create(student.id, 'News');
    const news = await poll(etag);
    expect(news.status).toBe(200);
    expect(news.body).toEqual({ unread: 1, latest: expect.any(Number) });
    expect((await poll(news.headers.etag)).status).toBe(304);
    await ctx.api.post('/api/v1/notifications/mark-all-read/', {}, { token: student.token });
    expect((await poll(news.headers.etag)).body).toEqual({ unread: 0, latest: news.body.latest });
  });
});

/** A school with a P1,120 course, and a student there with an address of their own. */
async function shop() {
  const school = await createSchool(db());
  const course = await createCourse(db(), { school, fee: 112_000, name: 'Evidence <Refresher>' });
  const student = await createStudent(db(), { school });
  return { school, course, student, as: { token: student.token, host: school.host } };
}
type Shop = Awaited<ReturnType<typeof shop>>;

/** Pays (or fails) a course online through the sandbox's hosted checkout, as a payer would. */
async function payOnline(s: Shop, outcome: 'paid' | 'failed') {
  const body = { content_type: 'course', object_id: s.course.id, processor_type: 'online_bank', channel_code: 'bpi', gateway: 'sandbox' };
  const res = await ctx.api.post('/api/v1/payment/process/', body, { ...s.as, headers: { 'idempotency-key': randomUUID() } });
  expect(res.status).toBe(201);
  expect((await ctx.api.post(`/api/v1/sandbox/checkouts/${res.body.payment_url.split('/').pop()}/`, { outcome })).status).toBe(200);
  return res.body.txn_id as number;
}

const mailJobs = async (schoolId: number, template: string) =>
  ((await db().execute(sql`select id from pgboss.job where name = 'send-email' and data->>'schoolId' = ${String(schoolId)} and data->>'template' = ${template}`)) as unknown as { rows: unknown[] }).rows.length;

describe('delivery from events', () => {
  /** The address of an e-mail's List-Unsubscribe header, `<https://…>`. */
  const oneClickOf = (mail: OutboxMail) => /^<(\S+)>$/.exec(mail.headers['List-Unsubscribe'] ?? '')![1]!;

  it("tells the payer of a payment once, with its link and an e-mail that unsubscribes; a retried delivery writes nothing more", async () => {
    const s = await shop();
    const other = await createStudent(db(), { school: s.school });
    const txnId = await payOnline(s, 'paid');

    const [told] = await waitFor(async () => {
      const rows = await bellOf(s.student.user.id);
      return rows.length ? rows : undefined;
    });
    expect(told).toMatchObject({ kind: 'payment', schoolId: s.school.id, link: `/course/${s.course.slug}`, description: 'We received your payment of P1,135.00 for <strong>Evidence &lt;Refresher&gt;</strong>.' });
    const listed = (await ctx.api.get('/api/v1/notifications/', s.as)).body;
    expect(listed).toMatchObject({ count: 1, unread: 1, data: [{ id: told!.id, kind: 'payment', link: `/course/${s.course.slug}`, read: false }] });
    expect((await ctx.api.get('/api/v1/notifications/', { token: other.token, host: s.school.host })).body.count).toBe(0);

    const mail = await lastMail(ctx.server.url, s.student.user.email, { subject: 'Payment received' });
    expect(mail.text).toContain('P1,135.00');
    const unsubscribe = new URL(/^Unsubscribe from these emails: (\S+)$/m.exec(mail.text)![1]!);
    expect(unsubscribe.pathname).toBe('/unsubscribe');
    expect(mail.html).toContain(unsubscribe.search.replace(/&/g, '&amp;'));
    // The mail program's own unsubscribe button (RFC 8058) posts to the header's address at once.
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = new URL(oneClickOf(mail));
    expect((await ctx.api.get(`/dev/mailbox/${mail.id}`)).text).toContain(`<dt>List-Unsubscribe</dt><dd>&lt;${oneClick.href.replace(/&/g, '&amp;')}&gt;</dd>`);
    const clicked = await request(ctx.server.url, oneClick.pathname + oneClick.search, { method: 'POST', host: s.school.host, rawBody: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(clicked.status).toBe(200);
    expect((await ctx.api.get('/api/v1/notifications/preferences/', s.as)).body).toMatchObject({ payment: false });

    // The delivery again (a retry after its transaction committed, say): the notification's key stops it.
    const [event] = await db().select().from(events).where(and(eq(events.type, 'payment.paid'), eq(events.subjectId, txnId)));
    await db().insert(eventDeliveries).values({ eventId: event!.id });
    // Delivered by this run, or by a worker (of any process on PostgreSQL) that holds the row at this moment.
    await waitFor(async () => {
      await notificationDelivery(ctx.server.app).deliverPending();
      return (await db().select().from(eventDeliveries).where(eq(eventDeliveries.eventId, event!.id))).length ? undefined : true;
    });
    expect(await bellOf(s.student.user.id)).toHaveLength(1);
    expect(await mailJobs(s.school.id, 'payment-received')).toBe(1);
    // Behind account e-mails in the queue: a verification link is awaited at the screen, a receipt is not.
    const queued = (await db().execute(sql`select priority from pgboss.job where name = 'send-email' and data->>'schoolId' = ${String(s.school.id)} and data->>'template' = 'payment-received'`)) as unknown as { rows: { priority: number }[] };
    expect(queued.rows.map((r) => r.priority)).toEqual([-1]);
  });

  it('keeps e-mail preferences per kind, turned off by an unsubscribe link too; an opted-out kind sends no e-mail', async () => {
    const s = await shop();
    const prefs = (body?: object) => (body ? ctx.api.patch('/api/v1/notifications/preferences/', body, s.as) : ctx.api.get('/api/v1/notifications/preferences/', s.as));
    expect((await prefs()).body).toEqual({ payment: true, certificate: true, kyc: true, announcement: true });
    expect((await prefs({ certificate: false, kyc: false })).body).toEqual({ payment: true, certificate: false, kyc: false, announcement: true });
    expect((await prefs({ kyc: true })).body).toEqual({ payment: true, certificate: false, kyc: true, announcement: true });
    expect((await prefs({ kyc: 'no' })).status).toBe(400);
    expect((await prefs()).body).toEqual({ payment: true, certificate: false, kyc: true, announcement: true });

    // The first failed payment e-mails, with its unsubscribe link.
    await payOnline(s, 'failed');
    const mail = await lastMail(ctx.server.url, s.student.user.email, { subject: 'Payment not completed' });
    const token = linkIn(/^Unsubscribe from these emails: (\S+)$/m.exec(mail.text)![1]!).searchParams.get('token')!;
    const unsubscribe = (t: string) => ctx.api.post('/api/v1/notifications/unsubscribe/', { token: t }, { host: s.school.host });
    const tampered = token.replace(/^\d+/, String(s.student.user.id + 1));
    expect((await unsubscribe(tampered)).body).toEqual({ detail: notificationMessages.badUnsubscribeLink, code: 'invalid_token' });
    expect((await unsubscribe(`${token.slice(0, -2)}xx`)).status).toBe(400);
    expect((await unsubscribe('nonsense')).status).toBe(400);
    expect((await unsubscribe(token)).body).toEqual({ kind: 'payment', detail: notificationMessages.unsubscribed('payment') });
    expect((await unsubscribe(token)).status).toBe(200);
    expect((await prefs()).body).toEqual({ payment: false, certificate: false, kyc: true, announcement: true });

    // The second: a notification, and no e-mail job at all (it would be queued with the notification).
    await payOnline(s, 'failed');
    await waitFor(async () => ((await bellOf(s.student.user.id)).length === 2 ? true : undefined));
    expect(await mailJobs(s.school.id, 'payment-failed')).toBe(1);
  });

  it('one-click (RFC 8058): a form POST to the List-Unsubscribe address turns the kind off; opened in a browser, it goes to the page that asks', async () => {
    const s = await shop();
    const token = unsubscribeTokens(ctx.server.app.config.SECRET_KEY).sign(s.student.user.id, 'kyc');
    const address = links.oneClickUnsubscribe(token);
    const opened = await ctx.api.get(address, { host: s.school.host });
    expect(opened.status).toBe(303);
    expect(opened.headers.location).toBe(links.unsubscribe(token));
    expect((await ctx.api.get('/api/v1/notifications/preferences/', s.as)).body.kyc).toBe(true);

    const oneClick = (t: string) =>
      request(ctx.server.url, links.oneClickUnsubscribe(t), { method: 'POST', host: s.school.host, rawBody: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect((await oneClick(`${token.slice(0, -2)}xx`)).status).toBe(400);
    const clicked = await oneClick(token);
    expect(clicked.status).toBe(200);
    expect(clicked.body).toEqual({ kind: 'kyc', detail: notificationMessages.unsubscribed('kyc') });
    expect((await ctx.api.get('/api/v1/notifications/preferences/', s.as)).body).toEqual({ payment: true, certificate: true, kyc: false, announcement: true });
  });

  it('tells a payment covered in full by a voucher as the enrolment, with no payment e-mail', async () => {
    const s = await shop();
    await createVoucher(db(), s.school, { code: 'ALLOFIT', value: 100 });
    const paid = await ctx.api.post('/api/v1/payment/process/', { content_type: 'course', object_id: s.course.id, voucher_code: 'ALLOFIT' }, { ...s.as, headers: { 'idempotency-key': randomUUID() } });
    expect(paid.body).toMatchObject({ status: 'paid' });
    const told = await waitFor(async () => {
      const rows = await bellOf(s.student.user.id);
      return rows.length ? rows : undefined;
    });
    expect(told.map((n) => [n.kind, n.description])).toEqual([['enrolment', 'You are now enrolled in <strong>Evidence &lt;Refresher&gt;</strong>.']]);
    expect(await mailJobs(s.school.id, 'payment-received')).toBe(0);
  });

  it('delivers the events after one that fails, and sets a failing one aside after five attempts', async () => {
    const s = await shop();
    // An exam id past the integer range: the composer's query fails, as a bug would make it fail.
    const [broken] = await db()
      .insert(events)
      .values({ schoolId: s.school.id, type: 'exam.graded', subjectType: 'enrolment', subjectId: 1, data: { examId: 2 ** 40, attempt: 1, passed: true } })
      .returning();
    await db().insert(eventDeliveries).values({ eventId: broken!.id });
    const delivery = () => db().select().from(eventDeliveries).where(eq(eventDeliveries.eventId, broken!.id));
    try {
      const free = await createCourse(db(), { school: s.school, name: 'After The Broken One' });
      expect((await ctx.api.post('/api/v1/student/enrollment/', { course: free.id, action: 'free' }, s.as)).status).toBe(201);
      const [told] = await waitFor(async () => {
        const rows = await bellOf(s.student.user.id);
        return rows.length ? rows : undefined;
      });
      expect(told).toMatchObject({ kind: 'enrolment', description: 'You are now enrolled in <strong>After The Broken One</strong>.' });

      // Each run tries it once, unless a worker (of any process on PostgreSQL) holds it at that moment.
      const setAside = await waitFor(async () => {
        await notificationDelivery(ctx.server.app).deliverPending();
        const [row] = await delivery();
        return row!.failedAt ? row : undefined;
      });
      expect(setAside).toMatchObject({ attempts: MAX_ATTEMPTS, failedAt: expect.any(Date) });
      await notificationDelivery(ctx.server.app).deliverPending();
      expect((await delivery())[0]!.attempts).toBe(MAX_ATTEMPTS);
    } finally {
      await db().delete(events).where(eq(events.id, broken!.id));
    }
  });

  it('tells a student enrolled for free', async () => {
    const s = await shop();
    const free = await createCourse(db(), { school: s.school, name: 'Free Ethics' });
    expect((await ctx.api.post('/api/v1/student/enrollment/', { course: free.id, action: 'free' }, s.as)).status).toBe(201);
    const [told] = await waitFor(async () => {
      const rows = await bellOf(s.student.user.id);
      return rows.length ? rows : undefined;
    });
    expect(told).toMatchObject({ kind: 'enrolment', description: 'You are now enrolled in <strong>Free Ethics</strong>.', link: `/course/${free.slug}` });
  });
});

describe('several processes on one PostgreSQL database', () => {
  it.runIf(process.env.TEST_DATABASE_URL)('deliver an event recorded by a process without workers, woken at once by its NOTIFY', async () => {
    const sender = await startServer({ JOBS_WORKERS: 'false' });
    try {
      const school = await createSchool(db());
      const course = await createCourse(db(), { school, name: 'Quiet Course' });
      const student = await createStudent(db(), { school });
      expect((await client(sender.url).post('/api/v1/student/enrollment/', { course: course.id, action: 'free' }, { token: student.token, host: school.host })).status).toBe(201);
      // Well before the minute's sweep: this file's server heard the other process's NOTIFY.
      await waitFor(async () => ((await bellOf(student.user.id)).length ? true : undefined), 10_000);
    } finally {
      await sender.close();
    }
  });
});

describe('forum notifications', () => {
  it("tell a question's and an answer's authors of answers, comments and acceptance, never the one who wrote", async () => {
    const school = await createSchool(db());
    const [asker, answerer, commenter] = [await createStudent(db(), { school }), await createStudent(db(), { school }), await createStudent(db(), { school })];
    const as = (who: { token: string }) => ({ token: who.token, host: school.host });
    const question = await ctx.api.post('/api/v1/forums/questions/', { title: 'Is <notarial> work MCLE-exempt?', description: 'Asking for a friend.', tags: 'notarial' }, as(asker));
    expect(question.status).toBe(201);
    const q = question.body.id as number;
    const answer = await ctx.api.post('/api/v1/forums/answers/', { question: q, answer_text: 'No, it is not.' }, as(answerer));
    expect(answer.status).toBe(201);
    expect((await ctx.api.post('/api/v1/forums/answer/comments/', { answer: answer.body.id, comment_text: 'Thanks!' }, as(asker))).status).toBe(201);
    expect((await ctx.api.post('/api/v1/forums/answer/comments/', { answer: answer.body.id, comment_text: 'Agreed.' }, as(commenter))).status).toBe(201);
    expect((await ctx.api.post(`/api/v1/forums/answers/${answer.body.id}/accept/`, {}, as(asker))).status).toBe(200);

    const descriptions = async (who: { user: { id: number } }, count: number) =>
      waitFor(async () => {
        const rows = await bellOf(who.user.id);
        // Workers in several processes deliver the events, so the rows' order is theirs, not the posts'.
        return rows.length >= count ? rows.sort((x, y) => (x.description < y.description ? -1 : x.description > y.description ? 1 : 0)).map((n) => [n.kind, n.description, n.link]) : undefined;
      });
    const title = '<strong>Is &lt;notarial&gt; work MCLE-exempt?</strong>';
    const link = `/forums/topic/${q}`;
    expect(await descriptions(asker, 2)).toEqual([
      ['forum', `<strong>Test Student</strong> answered your question ${title}.`, link],
      ['forum', `<strong>Test Student</strong> commented on an answer to your question ${title}.`, link],
    ]);
    expect(await descriptions(answerer, 3)).toEqual([
      ['forum', `<strong>Test Student</strong> commented on your answer to ${title}.`, link],
      ['forum', `<strong>Test Student</strong> commented on your answer to ${title}.`, link],
      ['forum', `Your answer to ${title} was accepted.`, link],
    ]);
    await notificationDelivery(ctx.server.app).deliverPending();
    expect(await bellOf(commenter.user.id)).toEqual([]);
    expect(await bellOf(asker.user.id)).toHaveLength(2);
  });
});

/** A class `minutes` from now in `zone`, to the end of that day. */
function startingIn(zone: string, minutes: number) {
  const { date, time } = wallClock(zone, minutes);
  return { date, startTime: time, endTime: '23:59:59' };
}

describe('live-class reminders', () => {
  it('tell attending students of a live class or class session starting within 15 minutes, once', async () => {
    const zone = noonZone();
    const school = await createSchool(db(), { timeZone: zone });
    const course = await createCourse(db(), { school, name: 'Trial Advocacy' });
    const soon = await createLiveClass(db(), course, { ...startingIn(zone, 10), name: 'Mock Trial' });
    await createLiveClass(db(), course, startingIn(zone, 40));
    const session = await createClassWithSchedule(db(), course, [startingIn(zone, 5)], 'Saturday Class');
    const student = await createEnrolment(db(), { course, status: 'paid', classId: session.id });
    const unpaid = await createEnrolment(db(), { course, status: 'notpaid' });

    const delivery = notificationDelivery(ctx.server.app);
    await delivery.remindLiveClasses();
    await delivery.remindLiveClasses();
    const told = (await bellOf(student.student.user.id)).sort((x, y) => x.link!.localeCompare(y.link!));
    expect(told).toMatchObject([
      { kind: 'live_class', schoolId: school.id, link: `/course/${course.slug}/module/${soon.courseware.id}`, description: expect.stringContaining('The live class <strong>Mock Trial</strong> of <strong>Trial Advocacy</strong> starts at') },
      { kind: 'live_class', link: '/student/classes', description: expect.stringContaining('Your class <strong>Saturday Class</strong>') },
    ]);
    expect(await bellOf(unpaid.student.user.id)).toEqual([]);
  });
});
