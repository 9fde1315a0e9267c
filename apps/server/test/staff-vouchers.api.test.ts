import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { versionMessages } from '@school/shared/staff/versions';
import { voucherMessages as m } from '@school/shared/staff/vouchers';
import { auditLog, vouchers } from '../src/db/schema/index';
import { createBundle, createCourse, createSchool, createStaff, createStudent, createVoucher } from './support/factories';
import { serverForFile } from './support/server';

const ctx = serverForFile();
const db = () => ctx.server.database.db;
const path = (rest = '') => `/api/v1/staff/vouchers/${rest}`;
const at = (version: number) => ({ 'if-match': `"v${version}"` });

async function school() {
  const s = await createSchool(db());
  const course = await createCourse(db(), { school: s, name: 'Evidence Refresher' });
  const bundle = await createBundle(db(), { school: s, name: 'Litigation Pack', courses: [course] });
  const admin = await createStaff(db(), { school: s });
  const as = (who: { token: string }, headers: Record<string, string> = {}) => ({ token: who.token, host: s.host, headers });
  return { school: s, course, bundle, admin, as };
}

const voucher = (extra: object = {}) => ({ code: 'summer-20', type: 'percentage', value: 20, ...extra });

describe('POST /staff/vouchers/', () => {
  it('creates a voucher, its code upper-case, limited to a course between two days of the school, audited', async () => {
    const s = await school();
    const made = await ctx.api.post(path(), voucher({ course_id: s.course.id, usage_limit: 50, starts_on: '2026-12-01', ends_on: '2026-12-31' }), s.as(s.admin));
    expect(made.status).toBe(201);
    expect(made.headers.etag).toBe('"v1"');
    expect(made.body).toMatchObject({ code: 'SUMMER-20', type: 'percentage', value: 20, course: { id: s.course.id, name: 'Evidence Refresher' }, bundle: null, usage_limit: 50, per_user_limit: 1, used_count: 0, starts_on: '2026-12-01', ends_on: '2026-12-31', is_active: true });
    // The school's days (Manila): from its first midnight to the midnight after its last day.
    const [row] = await db().select().from(vouchers).where(eq(vouchers.id, made.body.id));
    expect([row!.startsAt?.toISOString(), row!.endsAt?.toISOString()]).toEqual(['2026-11-30T16:00:00.000Z', '2026-12-31T16:00:00.000Z']);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.schoolId, s.school.id));
    expect(entry).toMatchObject({ action: 'voucher.create', subjectType: 'voucher', subjectId: made.body.id, actorId: s.admin.user.id });

    // A fixed amount is pesos on the API and centavos in the database.
    const fixed = await ctx.api.post(path(), voucher({ code: 'LESS250', type: 'fixed', value: 250.5, bundle_id: s.bundle.id }), s.as(s.admin));
    expect(fixed.body).toMatchObject({ value: 250.5, bundle: { id: s.bundle.id, name: 'Litigation Pack' }, status: 'active' });
    expect((await db().select().from(vouchers).where(eq(vouchers.id, fixed.body.id)))[0]!.value).toBe(25050);
  });

  it('refuses a code the school has (in any case), and what no checkout could use', async () => {
    const s = await school();
    await ctx.api.post(path(), voucher(), s.as(s.admin));
    expect((await ctx.api.post(path(), voucher({ code: 'Summer-20' }), s.as(s.admin))).body).toEqual({ code: [m.taken] });
    const foreign = await createCourse(db());
    expect((await ctx.api.post(path(), voucher({ code: 'A', value: 120, course_id: s.course.id, bundle_id: s.bundle.id, starts_on: '2026-12-02', ends_on: '2026-12-01' }), s.as(s.admin))).body).toEqual({
      value: [m.percent],
      bundle_id: [m.oneItem],
      ends_on: [m.endBeforeStart],
    });
    expect((await ctx.api.post(path(), voucher({ code: 'B', course_id: foreign.id }), s.as(s.admin))).body).toEqual({ course_id: [m.unknownCourse] });
    expect((await ctx.api.post(path(), voucher({ code: 'with space' }), s.as(s.admin))).body).toEqual({ code: [m.code] });
    expect(await db().$count(vouchers, eq(vouchers.schoolId, s.school.id))).toBe(1);
  });
});

describe('GET /staff/vouchers/ and PUT /staff/vouchers/{id}/', () => {
  it('lists with search and status, saves whole with If-Match (428, 412), deactivates, and keeps the limit above the uses', async () => {
    const s = await school();
    const used = await createVoucher(db(), s.school, { code: 'POPULAR', usageLimit: 10, usedCount: 4 });
    await createVoucher(db(), s.school, { code: 'OLDIE', isActive: false });
    const list = await ctx.api.get(`${path()}?search=pop`, s.as(s.admin));
    expect(list.body).toMatchObject({ count: 1, page: 1, pages: 1, data: [{ code: 'POPULAR', used_count: 4, usage_limit: 10, status: 'active' }] });
    expect((await ctx.api.get(`${path()}?status=inactive`, s.as(s.admin))).body.data.map((v: { code: string; status: string }) => [v.code, v.status])).toEqual([['OLDIE', 'inactive']]);
    expect((await ctx.api.get(path('targets/'), s.as(s.admin))).body).toEqual({ courses: [{ id: s.course.id, name: 'Evidence Refresher' }], bundles: [{ id: s.bundle.id, name: 'Litigation Pack' }] });

    const body = voucher({ code: 'POPULAR', value: 10, usage_limit: 10, is_active: false });
    expect(await ctx.api.put(path(`${used.id}/`), body, s.as(s.admin))).toMatchObject({ status: 428, body: { detail: versionMessages.missing } });
    const saved = await ctx.api.put(path(`${used.id}/`), body, s.as(s.admin, at(1)));
    expect(saved).toMatchObject({ status: 200, body: { value: 10, is_active: false, status: 'inactive', used_count: 4, version: 2 } });
    expect(saved.headers.etag).toBe('"v2"');
    expect(await ctx.api.put(path(`${used.id}/`), { ...body, is_active: true }, s.as(s.admin, at(1)))).toMatchObject({ status: 412, body: { detail: versionMessages.conflict, updated_by: { id: s.admin.user.id }, current: { is_active: false } } });
    expect((await ctx.api.put(path(`${used.id}/`), { ...body, usage_limit: 3 }, s.as(s.admin, at(2)))).body).toEqual({ usage_limit: [m.belowUsed] });
    expect((await ctx.api.put(path(`${used.id}/`), { ...body, code: 'oldie' }, s.as(s.admin, at(2)))).body).toEqual({ code: [m.taken] });
    const actions = await db().select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.schoolId, s.school.id));
    expect(actions.map((a) => a.action)).toEqual(['voucher.update']);
  });

  it('refuses nobody (401), a student and an instructor (403), and another school (404)', async () => {
    const s = await school();
    const mine = await createVoucher(db(), s.school, { code: 'MINE' });
    const student = await createStudent(db(), { school: s.school });
    const instructor = await createStaff(db(), { school: s.school, role: 'IN', courses: [s.course] });
    const foreign = await createStaff(db());
    const theirs = { token: foreign.token, host: foreign.school.host, headers: at(1) };
    expect((await ctx.api.get(path(), { host: s.school.host })).status).toBe(401);
    expect((await ctx.api.get(path(), s.as(student))).status).toBe(403);
    expect((await ctx.api.get(path(), s.as(instructor))).status).toBe(403);
    expect((await ctx.api.post(path(), voucher(), s.as(instructor))).status).toBe(403);
    expect((await ctx.api.get(path(`${mine.id}/`), theirs)).status).toBe(404);
    expect((await ctx.api.put(path(`${mine.id}/`), voucher({ code: 'MINE', is_active: false }), theirs)).status).toBe(404);
    expect((await ctx.api.get(path(), theirs)).body.data).toEqual([]);
    expect((await db().select().from(vouchers).where(eq(vouchers.id, mine.id)))[0]!.isActive).toBe(true);
  });
});
