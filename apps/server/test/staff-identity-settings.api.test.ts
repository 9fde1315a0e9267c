import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { identitySettingsMessages as m, type IdentitySettings } from '@school/shared/staff/identity-settings';
import { versionMessages } from '@school/shared/staff/versions';
import { auditLog, courses, kycIds, kycSubmissions, kycTemplates, schools } from '../src/db/schema/index';
import { createCourse, createSchool, createStaff, createStudent } from './support/factories';
import { serverForFile } from './support/server';

const ctx = serverForFile();
const db = () => ctx.server.database.db;
const at = (version: number) => ({ 'if-match': `"v${version}"` });
const PATH = '/api/v1/staff/identity-settings/';

/** A school with identity verification, two kinds of ID (IBP ID primary), a course, its administrator. */
async function school() {
  const s = await createSchool(db(), { products: { kyc: true } });
  const [ibp, passport] = await db()
    .insert(kycTemplates)
    .values(['IBP ID', 'Passport'].map((templateName, position) => ({ schoolId: s.id, templateName, position })))
    .returning();
  await db().update(schools).set({ products: { ...s.products, kyc: true, primary_id: ibp!.id } }).where(eq(schools.id, s.id));
  const admin = await createStaff(db(), { school: s });
  const course = await createCourse(db(), { school: s, name: 'Remedial Law Review' });
  const as = (who: { token: string } | null, headers: Record<string, string> = {}) => ({ token: who?.token, host: s.host, headers });
  const read = async () => (await ctx.api.get<IdentitySettings>(PATH, as(admin))).body;
  return { school: s, ibp: ibp!, passport: passport!, admin, course, as, read };
}

/** A student's sent ID of a kind: the kind is then in use. */
async function sentId(schoolId: number, templateId: number) {
  const student = await createStudent(db());
  const [submission] = await db().insert(kycSubmissions).values({ schoolId, userId: student.user.id, mode: 'manual', status: 'manual' }).returning();
  await db().insert(kycIds).values({ schoolId, userId: student.user.id, position: 0, templateId, submissionId: submission!.id });
}

describe("the school's identity settings", () => {
  it('lists the kinds of ID, the primary one, the retention and the courses taking snapshots; a save replaces them at the version read', async () => {
    const s = await school();
    const first = await s.read();
    expect(first).toMatchObject({
      kyc_enabled: true,
      kinds: [
        { id: s.ibp.id, name: 'IBP ID', primary: true, in_use: false },
        { id: s.passport.id, name: 'Passport', primary: false, in_use: false },
      ],
      retention_days: 365,
      courses: [{ id: s.course.id, name: 'Remedial Law Review', snapshots: false }],
    });
    expect(await ctx.api.patch(PATH, { retention_days: 90 }, s.as(s.admin))).toMatchObject({ status: 428, body: { detail: versionMessages.missing } });

    const body = {
      kinds: [
        { id: s.passport.id, name: 'Philippine Passport', primary: true },
        { name: "Driver's License", primary: false },
      ],
      retention_days: 90,
      snapshot_courses: [s.course.id],
    };
    const saved = await ctx.api.patch<IdentitySettings>(PATH, body, s.as(s.admin, at(first.version)));
    expect(saved.status, saved.text).toBe(200);
    expect(saved.headers.etag).toBe(`"v${first.version + 1}"`);
    const license = saved.body.kinds[1]!;
    expect(saved.body).toMatchObject({
      kinds: [
        { id: s.passport.id, name: 'Philippine Passport', primary: true },
        { name: "Driver's License", primary: false },
      ],
      retention_days: 90,
      courses: [{ id: s.course.id, snapshots: true }],
    });
    // What students see follows: the kinds in order, the primary ID in the school's products, the course's snapshots.
    expect((await ctx.api.get('/api/v1/kyc/template_ids/', { host: s.school.host, token: (await createStudent(db(), { school: s.school })).token })).body).toEqual([
      { id: s.passport.id, template_name: 'Philippine Passport' },
      { id: license.id, template_name: "Driver's License" },
    ]);
    const [row] = await db().select().from(schools).where(eq(schools.id, s.school.id));
    expect(row).toMatchObject({ kycRetentionDays: 90, products: { primary_id: s.passport.id, kyc: true } });
    const [course] = await db().select().from(courses).where(eq(courses.id, s.course.id));
    expect(course).toMatchObject({ enableKyl: true, version: s.course.version + 1 });
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.schoolId, s.school.id), eq(auditLog.action, 'identity.update')));
    expect(entry).toMatchObject({ actorId: s.admin.user.id, subjectType: 'school', subjectId: s.school.id });
    expect(entry!.changes).toMatchObject({ primary: { before: 'IBP ID', after: 'Philippine Passport' }, retention_days: { before: 365, after: 90 } });

    // The version read before is stale now; the school's own settings share it.
    expect(await ctx.api.patch(PATH, { retention_days: 60 }, s.as(s.admin, at(first.version)))).toMatchObject({ status: 412, body: { current: { retention_days: 90 } } });
    expect((await ctx.api.get('/api/v1/staff/school/', s.as(s.admin))).body.version).toBe(first.version + 1);
  });

  it('refuses bad lists, days and courses with the field’s message, and never removes a kind students have sent', async () => {
    const s = await school();
    await sentId(s.school.id, s.ibp.id);
    const before = await s.read();
    const { version, kinds } = before;
    expect(kinds[0]).toMatchObject({ id: s.ibp.id, in_use: true });
    const foreign = await createCourse(db());
    const refusals: [object, Record<string, string[]>][] = [
      [{ kinds: [] }, { kinds: [m.kindsNeeded] }],
      [{ kinds: [{ name: ' ', primary: false }] }, { kinds: [m.kindName] }],
      [{ kinds: [{ name: 'A', primary: false }, { name: 'a ', primary: false }] }, { kinds: [m.kindTwice] }],
      [{ kinds: [{ name: 'A', primary: true }, { name: 'B', primary: true }] }, { kinds: [m.onePrimary] }],
      [{ kinds: [{ name: 'x'.repeat(81), primary: false }] }, { kinds: [m.kindNameLong] }],
      [{ kinds: [{ id: s.passport.id, name: 'Passport', primary: false }] }, { kinds: [m.kindInUse('IBP ID')] }],
      [{ kinds: [{ id: s.ibp.id, name: 'IBP ID', primary: false }, { id: 999_999, name: 'Ghost', primary: false }] }, { kinds: [m.unknownKind] }],
      [{ retention_days: 7 }, { retention_days: [m.retention] }],
      [{ retention_days: 30.5 }, { retention_days: [m.retention] }],
      [{ snapshot_courses: [foreign.id] }, { snapshot_courses: [m.courseNotHere] }],
      [{ snapshot_courses: [s.course.id, s.course.id] }, { snapshot_courses: [m.courseTwice] }],
    ];
    for (const [body, errors] of refusals) {
      const answer = await ctx.api.patch(PATH, body, s.as(s.admin, at(version)));
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body, JSON.stringify(body)).toMatchObject(errors);
    }
    // Nothing was written by any of them.
    expect(await s.read()).toEqual(before);
    expect(await db().$count(kycTemplates, eq(kycTemplates.schoolId, s.school.id))).toBe(2);

    // Renaming the kind in use and removing the unused one is fine; the student's ID stays.
    const saved = await ctx.api.patch<IdentitySettings>(PATH, { kinds: [{ id: s.ibp.id, name: 'IBP Identification Card', primary: false }] }, s.as(s.admin, at(version)));
    expect(saved.body.kinds).toEqual([{ id: s.ibp.id, name: 'IBP Identification Card', primary: false, in_use: true }]);
    expect((await db().select().from(schools).where(eq(schools.id, s.school.id)))[0]!.products.primary_id).toBeNull();
    expect(await db().$count(kycIds, eq(kycIds.schoolId, s.school.id))).toBe(1);
  });

  it('answers only the site’s administrators: instructors and students are refused, nobody must log in, other schools are not reached', async () => {
    const s = await school();
    const other = await school();
    const instructor = await createStaff(db(), { school: s.school, role: 'IN' });
    const student = await createStudent(db(), { school: s.school });
    for (const [who, status] of [[instructor, 403], [student, 403], [null, 401]] as const) {
      expect((await ctx.api.get(PATH, s.as(who))).status).toBe(status);
      expect((await ctx.api.patch(PATH, { retention_days: 60 }, s.as(who, at(1)))).status).toBe(status);
    }
    // The other school's administrator on this site is nobody's staff here; their own settings never name this school's.
    expect((await ctx.api.get(PATH, { token: other.admin.token, host: s.school.host })).status).toBe(403);
    const theirs = await other.read();
    const answer = await ctx.api.patch(PATH, { kinds: [{ id: s.ibp.id, name: 'Taken', primary: false }], snapshot_courses: [s.course.id] }, other.as(other.admin, at(theirs.version)));
    expect(answer).toMatchObject({ status: 400, body: { kinds: [m.unknownKind] } });
    expect((await ctx.api.patch(PATH, { snapshot_courses: [s.course.id] }, other.as(other.admin, at(theirs.version)))).body).toMatchObject({ snapshot_courses: [m.courseNotHere] });
    expect((await db().select().from(kycTemplates).where(eq(kycTemplates.id, s.ibp.id)))[0]!.templateName).toBe('IBP ID');
  });
});
