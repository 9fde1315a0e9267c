import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { notifications, staffExports, users } from '../src/db/schema/index';
import { createCourse, createSchool, createStaff, createStudent, waitFor } from './support/factories';
import { serverForFile } from './support/server';

const ctx = serverForFile();
const db = () => ctx.server.database.db;
const staff = (rest: string) => `/api/v1/staff/${rest}`;

/** A school whose administrator has three cash payments to list: two confirmed, one (by a payer with a formula for a name) waiting. */
async function school() {
  const s = await createSchool(db());
  const course = await createCourse(db(), { school: s, fee: 112_000, name: 'Evidence' });
  const admin = await createStaff(db(), { school: s });
  const as = (who: { token: string }) => ({ token: who.token, host: s.host });
  const ids: number[] = [];
  for (let i = 0; i < 3; i++) {
    const student = await createStudent(db(), { school: s });
    if (i === 2) await db().update(users).set({ firstName: '=HYPERLINK("https://evil.example","x")' }).where(eq(users.id, student.user.id));
    const res = await ctx.api.post('/api/v1/payment/process/', { content_type: 'course', object_id: course.id, processor_type: 'cash', channel_code: 'cash', gateway: 'cash' }, { ...as(student), headers: { 'idempotency-key': randomUUID() } });
    expect(res.status).toBe(201);
    if (i < 2) expect((await ctx.api.post(staff(`payments/${res.body.txn_id}/confirm/`), {}, as(admin))).status).toBe(200);
    ids.push(res.body.txn_id);
  }
  return { school: s, admin, as, ids };
}

const ready = (id: number, as: { token: string; host: string }) =>
  waitFor(async () => {
    const res = await ctx.api.get(staff(`exports/${id}/`), as);
    return res.body.state === 'ready' || res.body.state === 'failed' ? res.body : undefined;
  });

describe('staff exports', () => {
  it("makes the payments list's CSV in a job with the list's filters, tells the requester, and escapes formulas", async () => {
    const s = await school();
    const asked = await ctx.api.post(staff('exports/'), { kind: 'payments', filters: { status: 'Paid' } }, s.as(s.admin));
    expect(asked.status, asked.text).toBe(202);
    expect(asked.body).toMatchObject({ kind: 'payments', label: 'Payments', state: 'queued', filters: { status: 'Paid' }, rows: null });
    const done = await ready(asked.body.id, s.as(s.admin));
    expect(done).toMatchObject({ state: 'ready', rows: 2, error: null });
    const file = await ctx.api.get(staff(`exports/${asked.body.id}/file/`), s.as(s.admin));
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${done.file_name}"`);
    const rows = parse(file.text, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(2);
    expect(Object.keys(rows[0]!)).toEqual(['Reference', 'Status', 'Mode', 'Channel', 'Payer', 'Email', 'For', 'Price', 'VAT', 'Fee', 'Voucher', 'Discount', 'Coins', 'Amount', 'Refunded', 'Started', 'Paid']);
    expect(rows.map((r) => [r.Status, r.Amount, r.Price, r.VAT])).toEqual([
      ['Paid', '1120', '1000', '120'],
      ['Paid', '1120', '1000', '120'],
    ]);
    expect(rows[0]!.Started).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

    // Every row, with the waiting payment whose payer's name is a formula: written as text.
    const all = await ctx.api.post(staff('exports/'), { kind: 'payments', filters: {} }, s.as(s.admin));
    await ready(all.body.id, s.as(s.admin));
    const text = (await ctx.api.get(staff(`exports/${all.body.id}/file/`), s.as(s.admin))).text;
    expect(text).toContain(`"'=HYPERLINK(""https://evil.example"",""x"")`);
    expect((parse(text, { columns: true }) as unknown[]).length).toBe(3);

    // The bell tells the requester; the list holds both, newest first.
    const told = await waitFor(async () => {
      const rows = await db().select().from(notifications).where(and(eq(notifications.userId, s.admin.user.id), eq(notifications.link, '/staff/exports')));
      return rows.length === 2 ? rows : undefined;
    });
    expect(told.map((n) => n.description)).toContain('Your export of <strong>Payments</strong> is ready: 2 rows.');
    expect((await ctx.api.get(staff('exports/'), s.as(s.admin))).body.map((e: { id: number }) => e.id)).toEqual([all.body.id, asked.body.id]);
  });

  it("is its requester's only: another administrator, another school, an instructor, a student and nobody are kept out", async () => {
    const s = await school();
    const asked = await ctx.api.post(staff('exports/'), { kind: 'payments', filters: {} }, s.as(s.admin));
    await ready(asked.body.id, s.as(s.admin));
    const colleague = await createStaff(db(), { school: s.school });
    expect((await ctx.api.get(staff(`exports/${asked.body.id}/file/`), s.as(colleague))).status).toBe(404);
    expect((await ctx.api.get(staff(`exports/${asked.body.id}/`), s.as(colleague))).status).toBe(404);
    expect((await ctx.api.get(staff('exports/'), s.as(colleague))).body).toEqual([]);
    const foreign = await createStaff(db());
    expect((await ctx.api.get(staff(`exports/${asked.body.id}/file/`), { token: foreign.token, host: foreign.school.host })).status).toBe(404);
    const instructor = await createStaff(db(), { school: s.school, role: 'IN' });
    expect((await ctx.api.post(staff('exports/'), { kind: 'payments', filters: {} }, s.as(instructor))).status).toBe(403);
    const student = await createStudent(db(), { school: s.school });
    expect((await ctx.api.get(staff(`exports/${asked.body.id}/file/`), s.as(student))).status).toBe(403);
    expect((await ctx.api.get(staff(`exports/${asked.body.id}/file/`), { host: s.school.host })).status).toBe(401);
    expect((await ctx.api.post(staff('exports/'), { kind: 'gradebook', filters: {} }, s.as(s.admin))).status).toBe(400);
    expect((await ctx.api.post(staff('exports/'), { kind: 'payments', filters: { status: 'Lost' } }, s.as(s.admin))).status).toBe(400);
  });

  it('records a failed export and tells its requester; old exports are removed with their files', async () => {
    const s = await school();
    // A filter the job cannot read (written past the request's checks) makes it fail.
    const [row] = await db().insert(staffExports).values({ schoolId: s.school.id, requestedBy: s.admin.user.id, kind: 'payments', params: { date_from: 'never' }, state: 'queued' }).returning();
    await ctx.server.app.jobs.send('staff-export', { id: row!.id });
    expect(await ready(row!.id, s.as(s.admin))).toMatchObject({ state: 'failed', rows: null });
    await waitFor(async () => (await db().select().from(notifications).where(eq(notifications.userId, s.admin.user.id))).find((n) => n.description.includes('could not be made')));

    const asked = await ctx.api.post(staff('exports/'), { kind: 'payments', filters: {} }, s.as(s.admin));
    await ready(asked.body.id, s.as(s.admin));
    const [made] = await db().select().from(staffExports).where(eq(staffExports.id, asked.body.id));
    expect(await ctx.server.app.storage.get(made!.fileKey!, 'private')).not.toBeNull();
    await db().update(staffExports).set({ createdAt: new Date(Date.now() - 8 * 86_400_000) }).where(eq(staffExports.schoolId, s.school.id));
    const { exportService } = await import('../src/modules/exports/service');
    expect(await exportService(ctx.server.app).forgetOld()).toBeGreaterThanOrEqual(2);
    expect(await ctx.server.app.storage.get(made!.fileKey!, 'private')).toBeNull();
    expect((await ctx.api.get(staff(`exports/${asked.body.id}/`), s.as(s.admin))).status).toBe(404);
  });
});
