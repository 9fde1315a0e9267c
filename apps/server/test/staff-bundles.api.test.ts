import { readFileSync } from 'node:fs';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bundleMessages as m } from '@school/shared/staff/bundles';
import { uploadMessages } from '@school/shared/staff/uploads';
import { versionMessages } from '@school/shared/staff/versions';
import { auditLog, bundleCourses, bundleEnrollments, bundles, categories, subcategories } from '../src/db/schema/index';
import { createBundle, createCourse, createSchool, createStaff, createStudent } from './support/factories';
import { request } from './support/http';
import { serverForFile } from './support/server';
import { tusClient } from './support/tus';

const ctx = serverForFile();
const { upload } = tusClient(ctx);
const db = () => ctx.server.database.db;
const path = (rest = '') => `/api/v1/staff/bundles/${rest}`;
const at = (version: number) => ({ 'if-match': `"v${version}"` });

async function school() {
  const s = await createSchool(db());
  const evidence = await createCourse(db(), { school: s, name: 'Evidence Refresher' });
  const ethics = await createCourse(db(), { school: s, name: 'Legal Ethics' });
  const draft = await createCourse(db(), { school: s, name: 'Tax Draft', isPublished: false });
  const admin = await createStaff(db(), { school: s });
  const as = (who: { token: string }, headers: Record<string, string> = {}) => ({ token: who.token, host: s.host, headers });
  return { school: s, evidence, ethics, draft, admin, as };
}

const positions = async (bundleId: number) =>
  (await db().select({ course: bundleCourses.courseId }).from(bundleCourses).where(eq(bundleCourses.bundleId, bundleId)).orderBy(asc(bundleCourses.position))).map((r) => r.course);

describe('POST /staff/bundles/', () => {
  it('creates a bundle with its courses in order, its price in centavos, a slug, audited', async () => {
    const s = await school();
    const made = await ctx.api.post(path(), { name: 'Litigation Pack', price: 1499.5, course_ids: [s.ethics.id, s.evidence.id], is_published: true }, s.as(s.admin));
    expect(made.status).toBe(201);
    expect(made.headers.etag).toBe('"v1"');
    expect(made.body).toMatchObject({
      name: 'Litigation Pack',
      price: 1499.5,
      is_published: true,
      enrolments: 0,
      courses: [
        { id: s.ethics.id, name: 'Legal Ethics', is_published: true },
        { id: s.evidence.id, name: 'Evidence Refresher', is_published: true },
      ],
    });
    expect(made.body.slug).toBe(`litigation-pack-${made.body.id}`);
    expect((await db().select().from(bundles).where(eq(bundles.id, made.body.id)))[0]!.price).toBe(149950);
    expect(await positions(made.body.id)).toEqual([s.ethics.id, s.evidence.id]);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.schoolId, s.school.id));
    expect(entry).toMatchObject({ action: 'bundle.create', subjectType: 'bundle', subjectId: made.body.id, actorId: s.admin.user.id });

    // The student catalogue lists it at once.
    const catalogue = await ctx.api.get(`/api/v1/schools/${s.school.id}/bundles/`, { host: s.school.host });
    expect(catalogue.body.data.map((b: { name: string }) => b.name)).toContain('Litigation Pack');
  });

  it('refuses what a student could not buy, and courses that are not the school’s, writing nothing', async () => {
    const s = await school();
    const foreign = await createCourse(db());
    const archived = await createCourse(db(), { school: s.school, archivedAt: new Date() });
    const other = await createSchool(db());
    const [theirCategory] = await db().insert(categories).values({ schoolId: other.id, name: 'Theirs' }).returning();
    const [theirSub] = await db().insert(subcategories).values({ schoolId: other.id, categoryId: theirCategory!.id, name: 'Theirs too' }).returning();
    expect((await ctx.api.post(path(), { name: 'One', course_ids: [s.evidence.id], is_published: true }, s.as(s.admin))).body).toEqual({ course_ids: [m.tooFewCourses] });
    expect((await ctx.api.post(path(), { name: 'Draft in', course_ids: [s.evidence.id, s.draft.id], is_published: true }, s.as(s.admin))).body).toEqual({ course_ids: [m.unpublishedCourse('Tax Draft')] });
    expect((await ctx.api.post(path(), { name: 'Twice', course_ids: [s.evidence.id, s.evidence.id] }, s.as(s.admin))).body).toEqual({ course_ids: [m.courseTwice] });
    expect((await ctx.api.post(path(), { name: 'Foreign', course_ids: [s.evidence.id, foreign.id] }, s.as(s.admin))).body).toEqual({ course_ids: [m.unknownCourse] });
    expect((await ctx.api.post(path(), { name: 'Archived', course_ids: [archived.id] }, s.as(s.admin))).body).toEqual({ course_ids: [m.unknownCourse] });
    expect((await ctx.api.post(path(), { name: 'No way', price: 100, mode_of_payment: [] }, s.as(s.admin))).body).toEqual({ mode_of_payment: [m.priceNeedsMode] });
    expect((await ctx.api.post(path(), { name: 'Sub', subcategory_id: theirSub!.id }, s.as(s.admin))).body).toEqual({ subcategory_id: [m.unknownSubcategory] });
    expect((await ctx.api.post(path(), { name: ' ' }, s.as(s.admin))).body).toEqual({ name: [m.nameRequired] });
    expect(await db().$count(bundles, eq(bundles.schoolId, s.school.id))).toBe(0);
  });
});

describe('GET, PUT and DELETE /staff/bundles/{id}/', () => {
  it('lists with search, reorders and renames with If-Match (428, 412 naming the last saver), audited', async () => {
    const s = await school();
    const pack = await createBundle(db(), { school: s.school, name: 'Litigation Pack', courses: [s.evidence, s.ethics] });
    await createBundle(db(), { school: s.school, name: 'Tax Season', courses: [s.ethics] });
    const list = await ctx.api.get(`${path()}?search=litig`, s.as(s.admin));
    expect(list.body).toMatchObject({ count: 1, data: [{ id: pack.id, name: 'Litigation Pack', courses: 2, enrolments: 0, is_published: true, version: 1 }] });
    expect((await ctx.api.get(path('courses/'), s.as(s.admin))).body.map((c: { name: string }) => c.name)).toEqual(['Evidence Refresher', 'Legal Ethics', 'Tax Draft']);

    const loaded = await ctx.api.get(path(`${pack.id}/`), s.as(s.admin));
    expect(loaded.headers.etag).toBe('"v1"');
    const body = { name: 'Trial Pack', price: 999, course_ids: [s.ethics.id, s.evidence.id], is_published: true };
    expect(await ctx.api.put(path(`${pack.id}/`), body, s.as(s.admin))).toMatchObject({ status: 428, body: { detail: versionMessages.missing } });
    const saved = await ctx.api.put(path(`${pack.id}/`), body, s.as(s.admin, at(1)));
    expect(saved).toMatchObject({ status: 200, body: { name: 'Trial Pack', slug: `trial-pack-${pack.id}`, price: 999, version: 2 } });
    expect(saved.headers.etag).toBe('"v2"');
    expect(await positions(pack.id)).toEqual([s.ethics.id, s.evidence.id]);
    expect(await ctx.api.put(path(`${pack.id}/`), { ...body, name: 'Late' }, s.as(s.admin, at(1)))).toMatchObject({ status: 412, body: { detail: versionMessages.conflict, updated_by: { id: s.admin.user.id }, current: { name: 'Trial Pack', version: 2 } } });
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.schoolId, s.school.id));
    expect(entry).toMatchObject({ action: 'bundle.update', changes: { name: { before: 'Litigation Pack', after: 'Trial Pack' }, courses: { before: [s.evidence.id, s.ethics.id], after: [s.ethics.id, s.evidence.id] } } });
  });

  it('deletes a bundle nobody took, and refuses one with an enrolment (409) keeping it whole', async () => {
    const s = await school();
    const empty = await createBundle(db(), { school: s.school, courses: [s.evidence, s.ethics] });
    expect(await ctx.api.delete(path(`${empty.id}/`), s.as(s.admin, at(2)))).toMatchObject({ status: 412 });
    expect(await ctx.api.delete(path(`${empty.id}/`), s.as(s.admin, at(1)))).toMatchObject({ status: 200, body: { detail: m.deleted } });
    expect(await db().$count(bundles, eq(bundles.id, empty.id))).toBe(0);

    const taken = await createBundle(db(), { school: s.school, courses: [s.evidence, s.ethics] });
    const student = await createStudent(db(), { school: s.school });
    await db().insert(bundleEnrollments).values({ userId: student.user.id, schoolId: s.school.id, bundleId: taken.id, status: 'paid' });
    expect(await ctx.api.delete(path(`${taken.id}/`), s.as(s.admin, at(1)))).toMatchObject({ status: 409, body: { detail: m.inUse } });
    expect(await positions(taken.id)).toEqual([s.evidence.id, s.ethics.id]);
    expect((await ctx.api.get(path(`${taken.id}/`), s.as(s.admin))).body.enrolments).toBe(1);
    const actions = await db().select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.schoolId, s.school.id));
    expect(actions.map((a) => a.action)).toEqual(['bundle.delete']);
  });

  it('refuses nobody (401), a student and an instructor (403), and another school (404)', async () => {
    const s = await school();
    const mine = await createBundle(db(), { school: s.school, courses: [s.evidence, s.ethics] });
    const student = await createStudent(db(), { school: s.school });
    const instructor = await createStaff(db(), { school: s.school, role: 'IN', courses: [s.evidence] });
    const foreign = await createStaff(db());
    const theirs = { token: foreign.token, host: foreign.school.host, headers: at(1) };
    const body = { name: 'Taken over', course_ids: [] };
    expect((await ctx.api.get(path(), { host: s.school.host })).status).toBe(401);
    expect((await ctx.api.get(path(), s.as(student))).status).toBe(403);
    expect((await ctx.api.get(path(`${mine.id}/`), s.as(instructor))).status).toBe(403);
    expect((await ctx.api.post(path(), body, s.as(instructor))).status).toBe(403);
    expect((await ctx.api.get(path(`${mine.id}/`), theirs)).status).toBe(404);
    expect((await ctx.api.put(path(`${mine.id}/`), body, theirs)).status).toBe(404);
    expect((await ctx.api.delete(path(`${mine.id}/`), theirs)).status).toBe(404);
    expect((await ctx.api.get(path(), theirs)).body.data).toEqual([]);
    // Another school's course cannot be put in one's own bundle either.
    const theirCourse = await createCourse(db(), { school: foreign.school });
    expect((await ctx.api.put(path(`${mine.id}/`), { name: 'Mixed', course_ids: [s.evidence.id, theirCourse.id] }, s.as(s.admin, at(1)))).body).toEqual({ course_ids: [m.unknownCourse] });
    expect((await db().select().from(bundles).where(eq(bundles.id, mine.id)))[0]!.version).toBe(1);
  });
});

describe('a bundle image from an upload', () => {
  it('publishes an image upload as the bundle image, keeps it when left out, refuses a video, and takes it away with null', async () => {
    const s = await school();
    const pack = await createBundle(db(), { school: s.school, name: 'Litigation Pack', courses: [s.evidence, s.ethics] });
    const photo = readFileSync(new URL('./fixtures/faces/coffee.jpg', import.meta.url));
    const image = await upload(s.admin, photo, 'cover.jpg');
    const video = await upload(s.admin, readFileSync(new URL('../src/seed/assets/courses/preview.webm', import.meta.url)), 'clip.webm');
    const body = { name: 'Litigation Pack', course_ids: [s.evidence.id, s.ethics.id] };
    const put = (extra: object, version: number) => ctx.api.put(path(`${pack.id}/`), { ...body, ...extra }, s.as(s.admin, at(version)));

    expect((await put({ image_upload: video.id }, 1)).body).toEqual({ image_upload: [uploadMessages.needs('The bundle image', 'image', 'video')] });
    const saved = await put({ image_upload: image.id }, 1);
    expect(saved.body.image).toMatch(new RegExp(`/images/${image.id}\\.jpg$`));
    expect((await request(ctx.server.url, saved.body.image)).raw.equals(photo)).toBe(true);
    // Saved again without it, the image stays; the audit names no change of it.
    expect((await put({ name: 'Trial Pack' }, 2)).body.image).toBe(saved.body.image);
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'bundle.update'), eq(auditLog.subjectId, pack.id))).orderBy(asc(auditLog.id)).offset(1);
    expect(Object.keys(entry!.changes)).toEqual(['name']);
    expect((await put({ image_upload: null }, 3)).body.image).toBeNull();
  });
});
