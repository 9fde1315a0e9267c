import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serverMessages } from '@school/shared/auth/messages';
import { platformMessages as m, type PlatformSchool, type SchoolHost } from '@school/shared/platform/schools';
import { teamMessages } from '@school/shared/staff/team';
import { auditLog, schoolDomains, schools } from '../src/db/schema/index';
import { DEMO_PASSWORD } from '../src/seed/demo-data';
import { createCourse, createPlatformAdmin, createSchool, createStaff, createStudent, lastMail, linkIn, PASSWORD, unique } from './support/factories';
import { serverForFile } from './support/server';

const ctx = serverForFile();
const db = () => ctx.server.database.db;
const PLATFORM = 'localhost';
const at = (version: number) => ({ 'if-match': `"v${version}"` });
const as = (who: { token: string } | null, headers: Record<string, string> = {}, host = PLATFORM) => ({ token: who?.token, host, headers });
const newDomain = () => unique('new').toLowerCase().replace(/_/g, '-');

async function create(su: { token: string }, overrides: Record<string, unknown> = {}) {
  const domain = newDomain();
  const email = `${unique('head')}@example.com`;
  const res = await ctx.api.post<PlatformSchool>('/api/v1/admin/schools/', { name: `Academy ${domain}`, domain, products: { mcle: true, kyc: true }, admin_email: email, ...overrides }, as(su));
  return { res, domain, email };
}

describe("the platform's schools", () => {
  it('creates a school whose first administrator accepts the e-mailed invitation on its site; lists it with counts', async () => {
    const su = await createPlatformAdmin(db());
    const { res, domain, email } = await create(su);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ domain, is_active: true, products: { mcle: true, kyc: true, apt_coins: false, google_sso: false }, students: 0, courses: 0, staff: 0, primary_host: null });
    expect(res.body.address).toBe(`http://${domain}.localhost:3000/`);

    const mail = await lastMail(ctx.server.url, email, { subject: 'Join' });
    expect(mail.subject).toBe(`Join Academy ${domain} as an administrator`);
    const link = linkIn(mail.text);
    expect(link.host).toBe(`${domain}.localhost:3000`);
    const key = link.pathname.split('/')[2]!;
    const host = `${domain}.localhost`;
    const joined = await ctx.api.post(`/api/v1/invitations/${key}/signup/`, { first_name: 'Teresa', last_name: 'Magbanua', username: unique('sa'), password1: PASSWORD, password2: PASSWORD }, { host });
    expect(joined.status).toBe(200);
    expect((await ctx.api.get('/api/v1/staff/me/', { token: joined.body.token, host })).body.role).toBe('SA');

    const listed = await ctx.api.get(`/api/v1/admin/schools/?search=${domain}`, as(su));
    expect(listed.body).toMatchObject({ count: 1, data: [{ id: res.body.id, staff: 1 }] });
    const actions = (await db().select().from(auditLog).where(eq(auditLog.schoolId, res.body.id))).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['school.create', 'invitation.create', 'invitation.accept']));
  });

  it('refuses a taken, reserved or malformed domain and a bad address, with nothing written', async () => {
    const su = await createPlatformAdmin(db());
    const taken = await createSchool(db());
    const student = await createStudent(db());
    const tried: string[] = [];
    const attempt = async (overrides: Record<string, unknown>) => {
      const made = await create(su, overrides);
      tried.push(made.domain);
      return made.res;
    };
    expect(await attempt({ domain: taken.domain })).toMatchObject({ status: 400, body: { domain: [m.domainTaken] } });
    expect(await attempt({ domain: 'www' })).toMatchObject({ status: 400, body: { domain: [m.domainReserved] } });
    for (const domain of ['a', '-acme', 'acme_ph', 'acme.ph', 'x'.repeat(64)]) expect((await attempt({ domain })).body, domain).toMatchObject({ domain: [m.domain] });
    expect((await attempt({ admin_email: 'nobody' })).status).toBe(400);
    expect((await attempt({ name: ' ' })).body).toMatchObject({ name: [m.name] });
    // An address that could not accept the invitation would leave the school without an administrator.
    expect((await attempt({ admin_email: student.user.email })).body).toMatchObject({ admin_email: [teamMessages.studentAccount] });
    expect((await attempt({ admin_email: su.user.email.toUpperCase() })).body).toMatchObject({ admin_email: [teamMessages.alreadyMember] });
    expect(await db().select().from(schools).where(inArray(schools.domain, tried))).toEqual([]);
  });

  it('deactivates a school: its site and API answer "not available", its data stays, and it opens again', async () => {
    const su = await createPlatformAdmin(db());
    const school = await createSchool(db());
    const course = await createCourse(db(), { school });
    const student = await createStudent(db(), { school });
    const shown = await ctx.api.get<PlatformSchool>(`/api/v1/admin/schools/${school.id}/`, as(su));
    expect(shown.body).toMatchObject({ students: 1, courses: 1, is_active: true });

    expect((await ctx.api.patch(`/api/v1/admin/schools/${school.id}/`, { is_active: false }, as(su))).status).toBe(428);
    const off = await ctx.api.patch<PlatformSchool>(`/api/v1/admin/schools/${school.id}/`, { is_active: false }, as(su, at(shown.body.version)));
    expect(off.body.is_active).toBe(false);
    const unavailable = { status: 404, body: { detail: serverMessages.schoolUnavailable, code: 'school_unavailable' } };
    expect(await ctx.api.get(`/api/v1/school/${school.domain}/`, { host: school.host })).toMatchObject(unavailable);
    expect(await ctx.api.get('/api/v1/course/categories-list/', { host: school.host })).toMatchObject(unavailable);
    expect(await ctx.api.get(`/api/v1/courses/${course.id}/`, { token: student.token, host: school.host })).toMatchObject(unavailable);
    // A stale version is refused with the school as it is.
    expect((await ctx.api.patch(`/api/v1/admin/schools/${school.id}/`, { name: 'Late' }, as(su, at(shown.body.version)))).status).toBe(412);

    const on = await ctx.api.patch<PlatformSchool>(`/api/v1/admin/schools/${school.id}/`, { is_active: true, products: { apt_coins: true } }, as(su, at(off.body.version)));
    expect(on.body).toMatchObject({ is_active: true, products: { apt_coins: true }, students: 1 });
    expect((await ctx.api.get(`/api/v1/school/${school.domain}/`, { host: school.host })).status).toBe(200);
    const actions = (await db().select().from(auditLog).where(eq(auditLog.schoolId, school.id))).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['school.deactivate', 'school.activate']));
  });

  it("answers a school on its own host names; e-mails link to the primary one; collisions are field errors", async () => {
    const su = await createPlatformAdmin(db());
    const school = await createSchool(db());
    const other = await createSchool(db());
    const host = `learn.${school.domain}.ph`;
    const url = `/api/v1/admin/schools/${school.id}/domains/`;
    const added = await ctx.api.post<SchoolHost[]>(url, { host: ` ${host.toUpperCase()}. `, is_primary: true }, as(su));
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject([{ host, is_primary: true }]);
    expect((await ctx.api.get(`/api/v1/school/${host}/`, { host })).body).toMatchObject({ id: school.id });
    expect((await ctx.api.get('/api/v1/course/categories-list/', { host: `${host}:3000` })).status).toBe(200);

    // The invitation's link goes to the primary host name, on the template's scheme and port.
    const admin = await createStaff(db(), { school });
    const email = `${unique('in')}@example.com`;
    expect((await ctx.api.post('/api/v1/staff/invitations/', { email, role: 'IN' }, { token: admin.token, host })).status).toBe(201);
    expect(linkIn((await lastMail(ctx.server.url, email, { subject: 'Join' })).text).host).toBe(`${host}:3000`);

    const refuse = async (body: object, message: string, target = url) => expect((await ctx.api.post(target, body, as(su))).body, JSON.stringify(body)).toMatchObject({ host: [message] });
    await refuse({ host }, m.hostOwn);
    await refuse({ host }, m.hostTaken, `/api/v1/admin/schools/${other.id}/domains/`);
    await refuse({ host: 'localhost' }, m.host);
    await refuse({ host: `${other.domain}.localhost` }, m.hostPlatform);
    for (const bad of ['https://learn.acme.ph', 'learn.acme.ph/x', '10.0.0.1', 'acme', 'learn..acme.ph', 'le_arn.acme.ph']) await refuse({ host: bad }, m.host);

    // Two tabs adding the same name at once: one adds it, the other is told it is the school's already.
    const twice = await Promise.all([0, 1].map(() => ctx.api.post(url, { host: `twice.${school.domain}.ph` }, as(su))));
    expect(twice.map((r) => r.status).sort()).toEqual([201, 400]);
    expect(twice.find((r) => r.status === 400)!.body).toEqual({ host: [m.hostOwn] });
    const [twiceRow] = await db().select().from(schoolDomains).where(eq(schoolDomains.host, `twice.${school.domain}.ph`));
    expect((await ctx.api.delete(`${url}${twiceRow!.id}/`, as(su))).status).toBe(200);
    const second = await ctx.api.post<SchoolHost[]>(url, { host: `www.${school.domain}.ph` }, as(su));
    const www = second.body.find((h) => !h.is_primary)!;
    const switched = await ctx.api.patch<SchoolHost[]>(`${url}${www.id}/`, { is_primary: true }, as(su));
    expect(switched.body.filter((h) => h.is_primary).map((h) => h.host)).toEqual([www.host]);
    // The audit names the host that was primary before; a change that changes nothing is not an entry.
    expect((await ctx.api.patch(`${url}${www.id}/`, { is_primary: true }, as(su))).status).toBe(200);
    expect((await ctx.api.patch(`${url}${added.body[0]!.id}/`, { is_primary: false }, as(su))).status).toBe(200);
    const primaryChanges = await db().select().from(auditLog).where(and(eq(auditLog.schoolId, school.id), eq(auditLog.action, 'school.host.primary')));
    expect(primaryChanges.map((e) => e.changes)).toEqual([{ primary_host: { before: host, after: www.host } }]);
    const left = await ctx.api.delete<SchoolHost[]>(`${url}${www.id}/`, as(su));
    expect(left.body).toMatchObject([{ host, is_primary: false }]);
    expect((await ctx.api.get(`/api/v1/school/${www.host}/`, { host: www.host })).status).toBe(404);
    // Another school's host name is not this school's to change.
    const theirs = (await db().insert(schoolDomains).values({ schoolId: other.id, host: `${other.domain}.example.org` }).returning())[0]!;
    expect((await ctx.api.delete(`${url}${theirs.id}/`, as(su))).status).toBe(404);
    expect((await ctx.api.patch(`${url}${theirs.id}/`, { is_primary: true }, as(su))).status).toBe(404);
  });

  it('is the platform administrators’ only, and only on the platform host', async () => {
    const su = await createPlatformAdmin(db());
    const school = await createSchool(db());
    const admin = await createStaff(db(), { school });
    const instructor = await createStaff(db(), { school, role: 'IN' });
    const student = await createStudent(db(), { school });
    const calls = [
      ['GET', '/api/v1/admin/schools/'],
      ['POST', '/api/v1/admin/schools/'],
      ['GET', `/api/v1/admin/schools/${school.id}/`],
      ['PATCH', `/api/v1/admin/schools/${school.id}/`],
      ['GET', `/api/v1/admin/schools/${school.id}/domains/`],
      ['POST', `/api/v1/admin/schools/${school.id}/domains/`],
    ] as const;
    for (const [method, url] of calls) {
      const call = (who: { token: string } | null, host = PLATFORM) => (method === 'GET' ? ctx.api.get(url, as(who, {}, host)) : ctx.api[method === 'POST' ? 'post' : 'patch'](url, {}, as(who, {}, host)));
      expect((await call(null)).status, `${method} ${url}`).toBe(401);
      for (const who of [admin, instructor, student]) expect(await call(who)).toMatchObject({ status: 403, body: { detail: serverMessages.permissionDenied } });
      // On a school's own host the platform's console does not exist, even for its administrators.
      expect((await call(su, school.host)).status).toBe(404);
    }
    expect((await ctx.api.get('/api/v1/admin/schools/999999999/', as(su))).status).toBe(404);
    // The platform's host may belong to no school: logging in and out there needs none.
    const login = await ctx.api.post('/api/v1/api-token-auth/', { username: 'platform-admin', password: DEMO_PASSWORD }, { host: 'platform.example.org' });
    expect(login.body).toMatchObject({ role: 'SU' });
    expect((await ctx.api.post('/api/v1/logout/', {}, { token: login.body.token, host: 'platform.example.org' })).status).toBe(200);
    expect((await ctx.api.get('/api/v1/admin/schools/999999999/domains/', as(su))).status).toBe(404);
  });
});
