import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { teamMessages as m, type StaffInvitation, type TeamMember } from '@school/shared/staff/team';
import { versionMessages } from '@school/shared/staff/versions';
import { auditLog, schoolMemberships, staffInvitations, users } from '../src/db/schema/index';
import { createCourse, createSchool, createStaff, createStudent, lastMail, linkIn, PASSWORD, unique } from './support/factories';
import { serverForFile } from './support/server';

const ctx = serverForFile();
const db = () => ctx.server.database.db;
const at = (version: number) => ({ 'if-match': `"v${version}"` });

async function school() {
  const s = await createSchool(db());
  const admin = await createStaff(db(), { school: s });
  const as = (who: { token: string } | null, headers: Record<string, string> = {}) => ({ token: who?.token, host: s.host, headers });
  return { school: s, admin, as };
}

/** Invites an address and returns the key its e-mail's link carries. */
async function invite(s: Awaited<ReturnType<typeof school>>, email: string, role: 'SA' | 'IN' = 'IN') {
  const sent = await ctx.api.post<StaffInvitation>('/api/v1/staff/invitations/', { email, role }, s.as(s.admin));
  expect(sent.status).toBe(201);
  const mail = await lastMail(ctx.server.url, email, { subject: 'Join' });
  const link = linkIn(mail.text);
  expect(link.pathname).toMatch(/^\/invitations\/[\w-]+$/);
  return { invitation: sent.body, key: link.pathname.split('/')[2]!, mail };
}

const signup = (username: string) => ({ first_name: 'Gabriela', last_name: 'Silang', username, password1: PASSWORD, password2: PASSWORD });

describe("the school's team", () => {
  it('invites a new person, who signs up through the link once and is on the team as the role given', async () => {
    const s = await school();
    const email = `${unique('new')}@example.com`;
    const { key, mail, invitation } = await invite(s, email);
    expect(mail.subject).toBe(`Join ${s.school.name} as an instructor`);
    expect((await ctx.api.get<StaffInvitation[]>('/api/v1/staff/invitations/', s.as(s.admin))).body).toMatchObject([{ id: invitation.id, email, role: 'IN', expired: false }]);

    const shown = await ctx.api.get(`/api/v1/invitations/${key}/`, s.as(null));
    expect(shown.body).toMatchObject({ school: { name: s.school.name }, role: 'IN', email, state: 'open', account_exists: false });

    const username = unique('in');
    const joined = await ctx.api.post(`/api/v1/invitations/${key}/signup/`, signup(username), s.as(null));
    expect(joined.status).toBe(200);
    expect(joined.body.role).toBe('IN');
    const me = await ctx.api.get('/api/v1/staff/me/', { token: joined.body.token, host: s.school.host });
    expect(me.body.role).toBe('IN');
    const [account] = await db().select().from(users).where(eq(users.username, username));
    expect(account).toMatchObject({ email, role: 'IN', isVerified: true, firstName: 'Gabriela' });

    // Used: the link refuses a second use and says so; the list no longer holds it.
    expect((await ctx.api.get(`/api/v1/invitations/${key}/`, s.as(null))).body.state).toBe('used');
    expect(await ctx.api.post(`/api/v1/invitations/${key}/signup/`, signup(unique('in')), s.as(null))).toMatchObject({ status: 409, body: { detail: m.used } });
    expect((await ctx.api.get('/api/v1/staff/invitations/', s.as(s.admin))).body).toEqual([]);
    const actions = (await db().select().from(auditLog).where(eq(auditLog.schoolId, s.school.id))).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['invitation.create', 'invitation.accept']));
  });

  it('lets an existing staff account of the address accept; refuses another account, a student address, members and lapsed links', async () => {
    const s = await school();
    const elsewhere = await createStaff(db());
    const { key } = await invite(s, elsewhere.user.email, 'SA');
    expect((await ctx.api.get(`/api/v1/invitations/${key}/`, s.as(null))).body.account_exists).toBe(true);
    expect(await ctx.api.post(`/api/v1/invitations/${key}/signup/`, signup(unique('x')), s.as(null))).toMatchObject({ status: 409, body: { detail: m.accountExists } });
    const other = await createStaff(db());
    expect(await ctx.api.post(`/api/v1/invitations/${key}/accept/`, {}, s.as(other))).toMatchObject({ status: 403, body: { detail: m.otherEmail(elsewhere.user.email) } });
    expect((await ctx.api.post(`/api/v1/invitations/${key}/accept/`, {}, s.as(null))).status).toBe(401);
    expect((await ctx.api.post(`/api/v1/invitations/${key}/accept/`, {}, s.as(elsewhere))).body.message).toBe(m.joined(s.school.name, 'SA'));
    expect((await ctx.api.get('/api/v1/staff/me/', s.as(elsewhere))).body.role).toBe('SA');
    expect(await ctx.api.post(`/api/v1/invitations/${key}/accept/`, {}, s.as(elsewhere))).toMatchObject({ status: 409, body: { detail: m.used } });

    const student = await createStudent(db(), { school: s.school });
    expect(await ctx.api.post('/api/v1/staff/invitations/', { email: student.user.email, role: 'IN' }, s.as(s.admin))).toMatchObject({ status: 400, body: { email: [m.studentAccount] } });
    expect(await ctx.api.post('/api/v1/staff/invitations/', { email: elsewhere.user.email.toUpperCase(), role: 'IN' }, s.as(s.admin))).toMatchObject({ status: 400, body: { email: [m.alreadyMember] } });

    const lapsed = await invite(s, `${unique('late')}@example.com`);
    await db().update(staffInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(staffInvitations.id, lapsed.invitation.id));
    expect(await ctx.api.post(`/api/v1/invitations/${lapsed.key}/signup/`, signup(unique('x')), s.as(null))).toMatchObject({ status: 409, body: { detail: m.expired } });
    expect((await ctx.api.get<StaffInvitation[]>('/api/v1/staff/invitations/', s.as(s.admin))).body[0]).toMatchObject({ id: lapsed.invitation.id, expired: true });
  });

  it('takes an invitation back (its link stops working) and replaces an open one when the address is invited again', async () => {
    const s = await school();
    const email = `${unique('re')}@example.com`;
    const first = await invite(s, email);
    const second = await invite(s, email, 'SA');
    expect((await ctx.api.get(`/api/v1/invitations/${first.key}/`, s.as(null))).body.state).toBe('revoked');
    const left = await ctx.api.delete<StaffInvitation[]>(`/api/v1/staff/invitations/${second.invitation.id}/`, s.as(s.admin));
    expect(left).toMatchObject({ status: 200, body: [] });
    expect(await ctx.api.post(`/api/v1/invitations/${second.key}/signup/`, signup(unique('x')), s.as(null))).toMatchObject({ status: 409, body: { detail: m.revoked } });
    expect((await ctx.api.delete(`/api/v1/staff/invitations/${second.invitation.id}/`, s.as(s.admin))).status).toBe(404);
  });

  it('changes roles to the version loaded, never leaving the school without an administrator, and removes members', async () => {
    const s = await school();
    const course = await createCourse(db(), { school: s.school });
    const instructor = await createStaff(db(), { school: s.school, role: 'IN', courses: [course] });
    const team = (await ctx.api.get<TeamMember[]>('/api/v1/staff/team/', s.as(s.admin))).body;
    expect(team.map((t) => [t.role, t.you])).toEqual([['SA', true], ['IN', false]]);
    const [me, them] = team as [TeamMember, TeamMember];
    expect(them.courses).toEqual([{ id: course.id, name: course.name }]);

    // The last administrator can be neither demoted nor removed, by themselves or anybody.
    expect(await ctx.api.patch(`/api/v1/staff/team/${me.id}/`, { role: 'IN' }, s.as(s.admin, at(me.version)))).toMatchObject({ status: 409, body: { detail: m.lastAdministrator } });
    expect(await ctx.api.delete(`/api/v1/staff/team/${me.id}/`, s.as(s.admin))).toMatchObject({ status: 409, body: { detail: m.lastAdministrator } });
    expect(await ctx.api.patch(`/api/v1/staff/team/${them.id}/`, { role: 'SA' }, s.as(s.admin))).toMatchObject({ status: 428, body: { detail: versionMessages.missing } });

    const promoted = await ctx.api.patch<TeamMember>(`/api/v1/staff/team/${them.id}/`, { role: 'SA' }, s.as(s.admin, at(them.version)));
    expect(promoted).toMatchObject({ status: 200, headers: { etag: `"v${them.version + 1}"` }, body: { role: 'SA', courses: [] } });
    expect((await db().select().from(users).where(eq(users.id, instructor.user.id)))[0]!.role).toBe('SA');
    expect(await ctx.api.patch(`/api/v1/staff/team/${them.id}/`, { role: 'IN' }, s.as(s.admin, at(them.version)))).toMatchObject({ status: 412, body: { current: { role: 'SA' } } });

    // Now two administrators: one may step down, and the other is then the last.
    expect((await ctx.api.patch(`/api/v1/staff/team/${me.id}/`, { role: 'IN' }, s.as(s.admin, at(me.version)))).body.role).toBe('IN');
    expect(await ctx.api.delete(`/api/v1/staff/team/${them.id}/`, s.as(instructor))).toMatchObject({ status: 409, body: { detail: m.lastAdministrator } });
    const left = await ctx.api.delete<TeamMember[]>(`/api/v1/staff/team/${me.id}/`, s.as(instructor));
    expect(left.body.map((t) => t.user_id)).toEqual([instructor.user.id]);
    expect((await ctx.api.get('/api/v1/staff/me/', s.as(s.admin))).status).toBe(403);
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.schoolId, s.school.id), eq(auditLog.action, 'member.remove')));
    expect(entry).toMatchObject({ actorId: instructor.user.id, subjectType: 'member', subjectId: me.id });
  });

  it("sets an instructor's courses at the school only", async () => {
    const s = await school();
    const [a, b] = [await createCourse(db(), { school: s.school }), await createCourse(db(), { school: s.school })];
    const foreign = await createCourse(db());
    const instructor = await createStaff(db(), { school: s.school, role: 'IN', courses: [a] });
    expect((await ctx.api.get('/api/v1/staff/team/courses/', s.as(s.admin))).body.map((c: { id: number }) => c.id).sort()).toEqual([a.id, b.id].sort());
    const [membership] = await db().select().from(schoolMemberships).where(eq(schoolMemberships.userId, instructor.user.id));
    const path = `/api/v1/staff/team/${membership!.id}/courses/`;
    expect(await ctx.api.put(path, { courses: [b.id, foreign.id] }, s.as(s.admin))).toMatchObject({ status: 400, body: { courses: [m.courseNotHere] } });
    const set = await ctx.api.put<TeamMember>(path, { courses: [b.id] }, s.as(s.admin));
    expect(set.body.courses.map((c) => c.id)).toEqual([b.id]);
    const [adminRow] = await db().select().from(schoolMemberships).where(eq(schoolMemberships.userId, s.admin.user.id));
    expect(await ctx.api.put(`/api/v1/staff/team/${adminRow!.id}/courses/`, { courses: [] }, s.as(s.admin))).toMatchObject({ status: 409, body: { detail: m.notInstructor } });
  });

  it('answers 404 for another school’s members and invitations and refuses instructors, students and nobody', async () => {
    const s = await school();
    const other = await school();
    const { invitation, key } = await invite(other, `${unique('o')}@example.com`);
    const [otherMember] = await db().select().from(schoolMemberships).where(eq(schoolMemberships.userId, other.admin.user.id));
    const calls = [
      () => ctx.api.patch(`/api/v1/staff/team/${otherMember!.id}/`, { role: 'IN' }, s.as(s.admin, at(1))),
      () => ctx.api.delete(`/api/v1/staff/team/${otherMember!.id}/`, s.as(s.admin)),
      () => ctx.api.put(`/api/v1/staff/team/${otherMember!.id}/courses/`, { courses: [] }, s.as(s.admin)),
      () => ctx.api.delete(`/api/v1/staff/invitations/${invitation.id}/`, s.as(s.admin)),
      () => ctx.api.get(`/api/v1/invitations/${key}/`, s.as(null)),
    ];
    for (const call of calls) expect((await call()).status).toBe(404);
    // The other school's admin through this school's site is nobody's staff here.
    expect((await ctx.api.get('/api/v1/staff/team/', { token: other.admin.token, host: s.school.host })).status).toBe(403);

    const instructor = await createStaff(db(), { school: s.school, role: 'IN' });
    const student = await createStudent(db(), { school: s.school });
    for (const [who, status] of [[instructor, 403], [student, 403], [null, 401]] as const) {
      expect((await ctx.api.get('/api/v1/staff/team/', s.as(who))).status).toBe(status);
      expect((await ctx.api.post('/api/v1/staff/invitations/', { email: 'x@example.com', role: 'IN' }, s.as(who))).status).toBe(status);
      expect((await ctx.api.get('/api/v1/staff/invitations/', s.as(who))).status).toBe(status);
      expect((await ctx.api.get('/api/v1/staff/team/courses/', s.as(who))).status).toBe(status);
    }
    expect(await ctx.api.post('/api/v1/staff/invitations/', { email: 'nope', role: 'SU' }, s.as(s.admin))).toMatchObject({ status: 400 });
    expect(await db().$count(staffInvitations, eq(staffInvitations.schoolId, s.school.id))).toBe(0);
  });
});
