import { randomInt } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/seed/demo-data';
import { reportMessages } from '@school/shared/staff/reports';
import { certificates, compliancePeriods, enrollments, ibpChapters, mcleProfiles, paymentRefunds, paymentTransactions, users } from '../src/db/schema/index';
import { createBundle, createCourse, createEnrolment, createSchool, createStaff, createStudent, waitFor } from './support/factories';
import { serverForFile } from './support/server';

const ctx = serverForFile();
const db = () => ctx.server.database.db;
const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);
const certificateCode = () => Array.from({ length: 4 }, () => Array.from({ length: 4 }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[randomInt(32)]).join('')).join('-');

describe('GET /staff/reports/week/', () => {
  it('counts enrolments and revenue less refunds in the last 7 days against the 7 before, for administrators only', async () => {
    const school = await createSchool(db());
    const course = await createCourse(db(), { school, fee: 113_500 });
    const admin = await createStaff(db(), { school });
    const as = (who: { token: string }) => ({ token: who.token, host: school.host });
    const enrol = async (when: Date, status: 'paid' | 'pending' | 'cancelled' = 'paid') => {
      const e = await createEnrolment(db(), { course, student: await createStudent(db(), { school }), status });
      await db().update(enrollments).set({ dateEnrolled: when }).where(eq(enrollments.id, e.id));
      return e;
    };
    const recent = await enrol(daysAgo(1));
    await enrol(daysAgo(2));
    await enrol(daysAgo(3), 'pending');
    await enrol(daysAgo(4), 'cancelled');
    const older = await enrol(daysAgo(10));
    const txn = (userId: number, amount: number, paidAt: Date, n: number) => ({
      schoolId: school.id, userId, contentType: 'course' as const, courseId: course.id, status: 'Paid' as const, subtotal: amount, tax: 0, fee: 0, discount: 0, coins: 0, amount,
      processorType: 'cash', gateway: 'cash', reference: `week-${school.id}-${n}`, idempotencyKey: `week-${n}`, requestHash: 'x', paidAt, createdAt: paidAt,
    });
    const [paidNow] = await db().insert(paymentTransactions).values([txn(recent.student.user.id, 113_500, daysAgo(1), 1), txn(older.student.user.id, 50_000, daysAgo(10), 2)]).returning();
    await db().insert(paymentRefunds).values([
      { schoolId: school.id, transactionId: paidNow!.id, amount: 10_000, reason: 'Goodwill', cancelsEnrolment: false, state: 'succeeded', idempotencyKey: 'k1' },
      { schoolId: school.id, transactionId: paidNow!.id, amount: 5_000, reason: 'Refused', cancelsEnrolment: false, state: 'failed', idempotencyKey: 'k2' },
    ]);

    const res = await ctx.api.get('/api/v1/staff/reports/week/', as(admin));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ enrolments: { last_7_days: 2, previous_7_days: 1 }, revenue: { last_7_days: 1035, previous_7_days: 500 } });

    expect((await ctx.api.get('/api/v1/staff/reports/week/', as(await createStaff(db(), { school, role: 'IN', courses: [course] })))).status).toBe(403);
    expect((await ctx.api.get('/api/v1/staff/reports/week/', as(recent.student))).status).toBe(403);
    expect((await ctx.api.get('/api/v1/staff/reports/week/', { host: school.host })).status).toBe(401);
    const foreign = await createStaff(db());
    expect((await ctx.api.get('/api/v1/staff/reports/week/', { token: foreign.token, host: foreign.school.host })).body).toEqual({ enrolments: { last_7_days: 0, previous_7_days: 0 }, revenue: { last_7_days: 0, previous_7_days: 0 } });
  });
});

describe('GET /staff/reports/activity/', () => {
  /** A Manila school's November: two paid courses, a bundle, a free MCLE course completed with its certificate. */
  async function november() {
    const school = await createSchool(db());
    const evidence = await createCourse(db(), { school, fee: 112_000, name: 'Evidence' });
    const ethics = await createCourse(db(), { school, name: 'Ethics' });
    const bundle = await createBundle(db(), { school, name: 'Bar Review Pack' });
    const admin = await createStaff(db(), { school });
    const at = (iso: string) => new Date(iso);
    const enrol = async (course: typeof evidence, when: string, status: 'paid' | 'free' | 'pending' = 'paid', completed?: string) => {
      const e = await createEnrolment(db(), { course, student: await createStudent(db(), { school }), status });
      await db().update(enrollments).set({ dateEnrolled: at(when), dateCompleted: completed ? at(completed) : null }).where(eq(enrollments.id, e.id));
      return e;
    };
    // 00:30 on 3 November in Manila is still 2 November in UTC: the school's clock decides the day.
    const first = await enrol(evidence, '2026-11-02T16:30:00Z');
    const second = await enrol(evidence, '2026-11-10T02:00:00Z');
    await enrol(evidence, '2026-11-10T03:00:00Z', 'pending');
    const free = await enrol(ethics, '2026-11-03T01:00:00Z', 'free', '2026-11-05T01:00:00Z');
    let n = 0;
    const txn = (userId: number, values: Partial<typeof paymentTransactions.$inferInsert>) => ({
      schoolId: school.id, userId, contentType: 'course' as const, courseId: evidence.id, status: 'Paid' as const, subtotal: 100_000, tax: 12_000, fee: 0, discount: 0, coins: 0, amount: 112_000,
      processorType: 'cash', gateway: 'cash', reference: `act-${school.id}-${n}`, idempotencyKey: `act-${school.id}-${n++}`, requestHash: 'x', ...values,
    });
    const [withVoucher] = await db()
      .insert(paymentTransactions)
      .values([
        txn(first.student.user.id, { discount: 11_200, coins: 5_000, fee: 2_500, amount: 98_300, paidAt: at('2026-11-02T16:30:00Z') }),
        txn(second.student.user.id, { paidAt: at('2026-11-10T02:00:00Z') }),
        txn(free.student.user.id, { contentType: 'bundle', courseId: null, bundleId: bundle.id, subtotal: 178_571, tax: 21_429, amount: 200_000, paidAt: at('2026-11-20T02:00:00Z') }),
        txn(second.student.user.id, { status: 'Pending', paidAt: null }),
        // December is outside the range.
        txn(second.student.user.id, { paidAt: at('2026-12-01T02:00:00Z') }),
      ])
      .returning();
    await db().insert(paymentRefunds).values([
      { schoolId: school.id, transactionId: withVoucher!.id, amount: 10_000, reason: 'Goodwill', cancelsEnrolment: false, state: 'succeeded', idempotencyKey: `r1-${school.id}`, createdAt: at('2026-11-11T02:00:00Z') },
      { schoolId: school.id, transactionId: withVoucher!.id, amount: 5_000, reason: 'Refused', cancelsEnrolment: false, state: 'failed', idempotencyKey: `r2-${school.id}`, createdAt: at('2026-11-11T03:00:00Z') },
    ]);
    const facts = (units: number, areas: object) => ({ learner: 'x', course: 'Ethics', school: 'x', schoolDomain: 'x', units, accreditation: null, approvalNumber: null, completedOn: '2026-11-05', areas }) as never;
    await db().insert(certificates).values([
      { schoolId: school.id, userId: free.student.user.id, enrollmentId: free.id, courseId: ethics.id, code: certificateCode(), facts: facts(3, { legal_ethics: 2, others: 1 }), issuedAt: at('2026-11-05T01:00:00Z') },
      // A revoked certificate grants nothing.
      { schoolId: school.id, userId: first.student.user.id, enrollmentId: first.id, courseId: evidence.id, code: certificateCode(), facts: facts(6, { updates: 6 }), issuedAt: at('2026-11-06T01:00:00Z'), revokedAt: at('2026-11-07T01:00:00Z') },
    ]);
    const as = (who: { token: string }) => ({ token: who.token, host: school.host });
    return { school, evidence, ethics, bundle, admin, as, student: first.student };
  }
  const report = (query: string, as: { token?: string; host: string }) => ctx.api.get(`/api/v1/staff/reports/activity/?${query}`, as);

  it('counts each week of a range on the school clock: enrolments, completions, standing certificates, units by area, and the money per course and bundle', async () => {
    const s = await november();
    const res = await report('date_from=2026-11-01&date_to=2026-11-30&interval=week', s.as(s.admin));
    expect(res.status, res.text).toBe(200);
    expect(res.body.periods.map((p: { period: string }) => p.period)).toEqual(['2026-10-26', '2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23', '2026-11-30']);
    const week = (period: string) => res.body.periods.find((p: { period: string }) => p.period === period);
    expect(week('2026-11-02')).toMatchObject({ enrolments: 2, completions: 1, certificates: 1, units: 3, gross: 1120, vouchers: 112, coins: 50, fees: 25, paid: 983, refunds: 0, net: 958 });
    expect(week('2026-11-09')).toMatchObject({ enrolments: 1, gross: 1120, paid: 1120, refunds: 100, net: 1020 });
    expect(week('2026-11-16')).toMatchObject({ enrolments: 0, gross: 2000, paid: 2000, net: 2000 });
    expect(week('2026-10-26')).toMatchObject({ enrolments: 0, paid: 0 });
    expect(res.body.totals).toEqual({ enrolments: 3, completions: 1, certificates: 1, units: 3, gross: 4240, vouchers: 112, coins: 50, fees: 25, paid: 4103, refunds: 100, net: 3978 });
    expect(res.body.items).toEqual([
      expect.objectContaining({ kind: 'course', id: s.evidence.id, name: 'Evidence', enrolments: 2, paid: 2103, refunds: 100, net: 1978, certificates: 0 }),
      expect.objectContaining({ kind: 'course', id: s.ethics.id, name: 'Ethics', enrolments: 1, completions: 1, certificates: 1, units: 3, paid: 0 }),
      expect.objectContaining({ kind: 'bundle', id: s.bundle.id, name: 'Bar Review Pack', paid: 2000 }),
    ]);
    expect(res.body.areas).toEqual([
      { key: 'legal_ethics', label: 'Legal Ethics', units: 2 },
      { key: 'others', label: 'Other Subjects', units: 1 },
    ]);

    // By day, 3 November holds the enrolment made at 00:30 Manila time; one course leaves the bundle out.
    const daily = await report(`date_from=2026-11-02&date_to=2026-11-03&course=${s.evidence.id}`, s.as(s.admin));
    expect(daily.body).toMatchObject({ interval: 'day', course: { id: s.evidence.id, name: 'Evidence' } });
    expect(daily.body.periods.map((p: { period: string; enrolments: number }) => [p.period, p.enrolments])).toEqual([
      ['2026-11-02', 0],
      ['2026-11-03', 1],
    ]);
    expect(daily.body.items.map((i: { name: string }) => i.name)).toEqual(['Evidence']);
  });

  it("gives an instructor their courses' report without money, and nobody else's course", async () => {
    const s = await november();
    const instructor = await createStaff(db(), { school: s.school, role: 'IN', courses: [s.evidence] });
    const res = await report('date_from=2026-11-01&date_to=2026-11-30&interval=month', s.as(instructor));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ money: false, totals: { enrolments: 2, completions: 0, paid: 0, gross: 0, refunds: 0, net: 0 } });
    expect(res.body.items.map((i: { name: string }) => i.name)).toEqual(['Evidence']);
    expect((await report(`course=${s.ethics.id}`, s.as(instructor))).body).toEqual({ course: ['Choose one of the courses listed.'] });
    expect((await ctx.api.get('/api/v1/staff/reports/courses/', s.as(instructor))).body).toEqual([{ id: s.evidence.id, name: 'Evidence' }]);
    expect((await ctx.api.get('/api/v1/staff/reports/courses/', s.as(s.admin))).body.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(['Ethics', 'Evidence']));
    // The administrator's has the money.
    expect((await report('date_from=2026-11-01&date_to=2026-11-30&interval=month', s.as(s.admin))).body).toMatchObject({ money: true, totals: { enrolments: 3, paid: 4103 } });
  });

  it('refuses bad ranges and another school\'s course, and keeps a student and nobody out', async () => {
    const s = await november();
    expect((await report('date_from=2026-11-30&date_to=2026-11-01', s.as(s.admin))).body).toEqual({ date_from: ['The start comes after the end.'] });
    expect((await report('date_from=2020-01-01&date_to=2026-11-01', s.as(s.admin))).status).toBe(400);
    expect((await report('interval=year', s.as(s.admin))).status).toBe(400);
    // One end alone is held to the same limit once the other is filled in (today).
    expect((await report('date_from=2020-01-01', s.as(s.admin))).body).toEqual({ date_to: [reportMessages.tooLong] });
    expect((await ctx.api.post('/api/v1/staff/exports/', { kind: 'report-items', filters: { date_from: '2020-01-01' } }, s.as(s.admin))).body).toEqual({ date_to: [reportMessages.tooLong] });
    const other = await createCourse(db());
    expect((await report(`course=${other.id}`, s.as(s.admin))).body).toEqual({ course: ['Choose one of the courses listed.'] });
    expect((await ctx.api.post('/api/v1/staff/exports/', { kind: 'report-periods', filters: { course: other.id } }, s.as(s.admin))).body).toEqual({ course: ['Choose one of the courses listed.'] });
    // Without a range: the last 30 days.
    expect((await report('', s.as(s.admin))).body.periods).toHaveLength(30);
    expect((await report('', s.as(s.student))).status).toBe(403);
    expect((await report('', { host: s.school.host })).status).toBe(401);
    // Another school's administrator sees their own school's figures: none of these.
    const foreign = await createStaff(db());
    expect((await report('date_from=2026-11-01&date_to=2026-11-30', { token: foreign.token, host: foreign.school.host })).body.totals.enrolments).toBe(0);
  });
});

describe('report files', () => {
  const exported = async (body: object, as: { token: string; host: string }) => {
    const asked = await ctx.api.post('/api/v1/staff/exports/', body, as);
    expect(asked.status, asked.text).toBe(202);
    const done = await waitFor(async () => {
      const res = await ctx.api.get(`/api/v1/staff/exports/${asked.body.id}/`, as);
      return res.body.state === 'ready' || res.body.state === 'failed' ? res.body : undefined;
    });
    expect(done.state).toBe('ready');
    return { done, file: await ctx.api.get(`/api/v1/staff/exports/${asked.body.id}/file/`, as) };
  };

  it("writes the activity report by period as CSV through the exports, and the MCLE attendance report of a course's completions as CSV and PDF", async () => {
    const school = await createSchool(db(), { accreditationNumber: 'AP-2026-0042' });
    const course = await createCourse(db(), { school, name: 'Legal Ethics Update', approvalNumber: 'MCLE-12345' });
    const admin = await createStaff(db(), { school });
    const as = { token: admin.token, host: school.host };
    const [period, other] = await db().select().from(compliancePeriods).orderBy(compliancePeriods.id).limit(2);
    const [chapter] = await db().select().from(ibpChapters).limit(1);
    const lawyer = async (last: string, values: { completed?: Date; status?: 'free' | 'cancelled'; periodId?: number; roll?: string }) => {
      const student = await createStudent(db(), { school });
      await db().update(users).set({ lastName: last }).where(eq(users.id, student.user.id));
      if (values.roll)
        await db().insert(mcleProfiles).values({ studentId: student.student.id, rollNumber: values.roll, ibpChapterId: chapter!.id, lawSchoolOthers: 'Ateneo', company: 'Firm', position: 'Partner', address: 'Makati', regionCode: '13', provinceCode: '1339', cityCode: '133900', zipCode: '1200', consentedAt: new Date() });
      const e = await createEnrolment(db(), { course, student, status: values.status ?? 'free' });
      await db().update(enrollments).set({ dateCompleted: values.completed ?? null, compliancePeriodId: values.periodId ?? period!.id, progress: values.completed ? 100 : 40 }).where(eq(enrollments.id, e.id));
      return { ...e, student };
    };
    const cruz = await lawyer('Cruz', { completed: new Date('2026-11-05T01:00:00Z'), roll: '12345' });
    await lawyer('Bautista', { completed: new Date('2026-11-06T01:00:00Z'), roll: '67890' });
    await lawyer('Diaz', {});
    await lawyer('Enriquez', { completed: new Date('2026-11-06T01:00:00Z'), status: 'cancelled' });
    await lawyer('Flores', { completed: new Date('2026-11-07T01:00:00Z'), periodId: other!.id });
    const code = certificateCode();
    await db().insert(certificates).values({ schoolId: school.id, userId: cruz.student.user.id, enrollmentId: cruz.id, courseId: course.id, code, facts: { units: 3, areas: { legal_ethics: 2, others: 1 } } as never, issuedAt: new Date('2026-11-05T02:00:00Z') });

    const attendance = await exported({ kind: 'mcle-attendance', filters: { course: course.id, compliance_period: period!.id } }, as);
    const rows = parse(attendance.file.text, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.Name.split(' ').pop(), r['Roll number'], r.Completed, r.Certificate, r['Legal Ethics'], r['Other Subjects'], r['Total units']])).toEqual([
      ['Bautista', '67890', '2026-11-06', '', '0', '0', '0'],
      ['Cruz', '12345', '2026-11-05', code, '2', '1', '3'],
    ]);
    expect(rows[0]!['IBP chapter']).toBe(chapter!.name);
    expect(Object.keys(rows[0]!)).toEqual(expect.arrayContaining(['Identity check', 'Snapshots', 'Snapshots flagged']));
    // Every period: Flores too.
    expect((parse((await exported({ kind: 'mcle-attendance', filters: { course: course.id } }, as)).file.text, { columns: true }) as unknown[]).length).toBe(3);

    const pdf = await exported({ kind: 'mcle-attendance-pdf', filters: { course: course.id, compliance_period: period!.id } }, as);
    expect(pdf.done.file_name).toMatch(/\.pdf$/);
    expect(pdf.file.headers['content-type']).toBe('application/pdf');
    const doc = await PDFDocument.load(pdf.file.raw);
    expect(doc.getTitle()).toBe('MCLE attendance report: Legal Ethics Update');
    expect(doc.getPageCount()).toBe(1);

    const periods = await exported({ kind: 'report-periods', filters: { date_from: '2026-11-01', date_to: '2026-11-03' } }, as);
    const lines = parse(periods.file.text, { columns: true }) as Record<string, string>[];
    expect(lines.map((l) => l.Period)).toEqual(['2026-11-01', '2026-11-02', '2026-11-03', 'Total']);
    expect(Object.keys(lines[0]!)).toEqual(['Period', 'Enrolments', 'Completions', 'Certificates', 'MCLE units', 'Gross', 'Vouchers', 'Coins', 'Gateway fees', 'Paid', 'Refunds', 'Net']);

    // Another school's course is refused when asked; an instructor asks for their own courses' files only.
    const foreign = await createCourse(db());
    expect((await ctx.api.post('/api/v1/staff/exports/', { kind: 'mcle-attendance-pdf', filters: { course: foreign.id } }, as)).body).toEqual({ course: ['Choose one of the courses listed.'] });
    expect((await ctx.api.post('/api/v1/staff/exports/', { kind: 'mcle-attendance', filters: { course: course.id, compliance_period: 999_999 } }, as)).body).toEqual({ compliance_period: [reportMessages.periodUnknown] });
    const instructor = await createStaff(db(), { school, role: 'IN', courses: [course] });
    const theirs = { token: instructor.token, host: school.host };
    expect((parse((await exported({ kind: 'mcle-attendance', filters: { course: course.id, compliance_period: period!.id } }, theirs)).file.text, { columns: true }) as unknown[]).length).toBe(2);
    const elsewhere = await createStaff(db(), { school, role: 'IN', courses: [await createCourse(db(), { school })] });
    expect((await ctx.api.post('/api/v1/staff/exports/', { kind: 'mcle-attendance', filters: { course: course.id } }, { token: elsewhere.token, host: school.host })).body).toEqual({ course: ['Choose one of the courses listed.'] });
    // Their report's file has no money in it.
    const mine = await exported({ kind: 'report-items', filters: { date_from: '2026-11-01', date_to: '2026-11-30' } }, { token: elsewhere.token, host: school.host });
    expect(mine.file.text).toBe('');
    expect((await ctx.api.post('/api/v1/staff/exports/', { kind: 'payments', filters: {} }, theirs)).status).toBe(403);
  });
});

describe("the demo's history", () => {
  it('gives the reports of the last 30 days something to show: enrolments and money paid, and the certificates issued at start', async () => {
    const login = await ctx.api.post('/api/v1/api-token-auth/', { username: 'demo-admin', password: DEMO_PASSWORD });
    const res = await ctx.api.get('/api/v1/staff/reports/activity/?interval=week', { token: login.body.token as string, host: 'demo.localhost' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.totals.enrolments).toBeGreaterThan(5);
    expect(res.body.totals.paid).toBeGreaterThan(5_000);
    expect(res.body.items.length).toBeGreaterThan(3);
  });
});
