import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { uploadMessages, type UploadStatus } from '@school/shared/staff/uploads';
import { auditLog, uploads } from '../src/db/schema/index';
import { VIEWER_COOKIE } from '../src/infra/storage/viewer-cookie';
import { uploadService } from '../src/modules/uploads/service';
import { createCourse, createEnrolment, createOutline, createSchool, createStaff, createStudent } from './support/factories';
import { request } from './support/http';
import { serverForFile } from './support/server';
import { as, metadata, tus, tusClient } from './support/tus';

const ctx = serverForFile();
const db = () => ctx.server.database.db;
const staff = (rest: string) => `/api/v1/staff/${rest}`;
const asset = (name: string) => readFileSync(new URL(`../src/seed/assets/private/lessons/${name}`, import.meta.url));
const lecture = asset('lecture.webm');
const podcast = asset('podcast.webm');
const syllabus = asset('syllabus.pdf');
const { create, patch, settled, upload } = tusClient(ctx);

describe('tus uploads at /staff/uploads/', () => {
  it('takes a video in two pieces, resumes from HEAD, probes its length, size and poster, and a lesson takes it', async () => {
    const admin = await createStaff(db());
    const { res, id } = await create(admin, lecture.length);
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`/api/v1/staff/uploads/${id}`);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();

    const half = Math.floor(lecture.length / 2);
    const first = await patch(admin, id, 0, lecture.subarray(0, half));
    expect(first.status).toBe(204);
    expect(first.headers['upload-offset']).toBe(String(half));
    expect((await ctx.api.get<UploadStatus>(staff(`uploads/${id}/`), as(admin))).body).toMatchObject({ state: 'receiving', bytes: lecture.length, filename: 'lecture.webm' });
    // A client that lost its connection asks where to go on.
    const head = await request(ctx.server.url, staff(`uploads/${id}`), { method: 'HEAD', ...as(admin, tus) });
    expect(head.headers['upload-offset']).toBe(String(half));
    expect((await patch(admin, id, half, lecture.subarray(half))).status).toBe(204);

    const status = await settled(admin, id);
    expect(status).toMatchObject({ state: 'ready', kind: 'video', width: 320, height: 180, problem: null });
    expect(status.media_seconds).toBeGreaterThan(0);
    const poster = await request(ctx.server.url, status.poster!);
    expect(poster.status).toBe(200);
    expect(poster.raw.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    const course = await createCourse(db(), { school: admin.school, isPublished: false });
    const [existing] = await createOutline(db(), course, [{ type: 'html', name: 'Intro', content: '<p>x</p>' }]);
    const added = await ctx.api.post(staff(`modules/${existing!.moduleId}/coursewares/`), { type: 'video', name: 'Lecture', upload: id }, as(admin));
    expect(added.status).toBe(201);
    expect(added.body.modules[0].lessons[1]).toMatchObject({ name: 'Lecture', has_file: true, media_seconds: status.media_seconds, problem: null });
    const [row] = await db().select().from(uploads).where(eq(uploads.id, id));
    expect(row!.attachedAt).not.toBeNull();
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.schoolId, admin.school.id), eq(auditLog.action, 'courseware.create')));
    expect(JSON.stringify(audit!.changes)).toContain(`uploads/${id}`);
  });

  it("serves the lesson's file to an enrolled student through an address bound to them that expires, not to anybody with the link", async () => {
    const admin = await createStaff(db());
    const status = await upload(admin, lecture, 'lecture.webm');
    const course = await createCourse(db(), { school: admin.school });
    const [lesson] = await createOutline(db(), course, [{ type: 'html', name: 'Intro', content: '<p>x</p>' }]);
    const added = await ctx.api.post(staff(`modules/${lesson!.moduleId}/coursewares/`), { type: 'video', name: 'Lecture', upload: status.id }, as(admin));
    const videoId = added.body.modules[0].lessons[1].id;
    const enrolment = await createEnrolment(db(), { course, progress: 100 });
    const opened = await ctx.api.get(`/api/v1/coursewares/${videoId}/`, as(enrolment.student));
    expect(opened.status).toBe(200);
    const file: string = opened.body.file;
    expect(file).toMatch(new RegExp(`^/media/private/uploads/${status.id}\\?expires=\\d+&viewer=${enrolment.student.user.id}&signature=`));
    const cookie = ([] as string[]).concat(opened.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${VIEWER_COOKIE}=`))!.split(';')[0]!;
    const ranged = await request(ctx.server.url, file, { headers: { cookie, range: 'bytes=0-99' } });
    expect(ranged.status).toBe(206);
    expect(ranged.raw).toEqual(lecture.subarray(0, 100));
    expect((await request(ctx.server.url, file)).status).toBe(403);
    const other = await createStudent(db(), { school: admin.school });
    const theirs = ([] as string[]).concat((await ctx.api.get('/api/v1/notifications/unread/', as(other))).headers['set-cookie'] ?? []).find((c) => c.startsWith(`${VIEWER_COOKIE}=`));
    if (theirs) expect((await request(ctx.server.url, file, { headers: { cookie: theirs.split(';')[0]! } })).status).toBe(403);
    expect((await request(ctx.server.url, `/media/private/uploads/${status.id}`)).status).toBe(403);
    expect((await request(ctx.server.url, `/media/uploads/uploads/${status.id}`)).status).toBe(404);
    // Signing out drops the cookie (the browser forgets it), rather than leaving it good for its half hour.
    const out = await ctx.api.post('/api/v1/logout/', {}, { ...as(enrolment.student), headers: { cookie } });
    expect(out.status).toBe(200);
    expect(([] as string[]).concat(out.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${VIEWER_COOKIE}=`))).toMatch(new RegExp(`^${VIEWER_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict`));
  });

  it('tells what a file is from its bytes: a WebM with sound only is audio, a PDF a PDF, anything else refused; a lesson refuses the wrong kind', async () => {
    const admin = await createStaff(db());
    const audio = await upload(admin, podcast, 'podcast.webm');
    expect(audio).toMatchObject({ state: 'ready', kind: 'audio', width: null, poster: null });
    expect(audio.media_seconds).toBeGreaterThan(0);
    const pdf = await upload(admin, syllabus, 'syllabus.pdf');
    expect(pdf).toMatchObject({ state: 'ready', kind: 'pdf', media_seconds: null });
    const text = await upload(admin, Buffer.from('just some words, not a lesson\n'.repeat(20)), 'notes.mp4');
    expect(text).toMatchObject({ state: 'failed', kind: null, problem: uploadMessages.notMedia });
    const fake = await upload(admin, Buffer.concat([lecture.subarray(0, 64), Buffer.alloc(4096)]), 'broken.webm');
    expect(fake).toMatchObject({ state: 'failed', problem: uploadMessages.unreadable });

    const course = await createCourse(db(), { school: admin.school, isPublished: false });
    const [lesson] = await createOutline(db(), course, [{ type: 'video', name: 'Lecture' }, { type: 'pdf', name: 'Reading' }, { type: 'html', name: 'Page', content: '<p>x</p>' }]);
    const moduleId = lesson!.moduleId;
    const add = (body: object) => ctx.api.post(staff(`modules/${moduleId}/coursewares/`), body, as(admin));
    expect((await add({ type: 'video', name: 'V', upload: audio.id })).body).toEqual({ upload: [uploadMessages.wrongKind('video', 'audio')] });
    expect((await add({ type: 'pdf', name: 'P', upload: audio.id })).body).toEqual({ upload: [uploadMessages.wrongKind('pdf', 'audio')] });
    expect((await add({ type: 'audio', name: 'A', upload: text.id })).body).toEqual({ upload: [uploadMessages.failed] });
    expect((await add({ type: 'audio', name: 'A', upload: 'f'.repeat(32) })).body).toEqual({ upload: [uploadMessages.unknown] });
    expect((await add({ type: 'audio', name: 'A', upload: '../etc' })).status).toBe(400);
    const audioLesson = await add({ type: 'audio', name: 'Podcast', upload: audio.id });
    expect(audioLesson.status).toBe(201);
    expect(audioLesson.body.modules[0].lessons.at(-1)).toMatchObject({ type: 'audio', has_file: true, media_seconds: audio.media_seconds });
    const outline = audioLesson.body.modules[0].lessons;
    const reading = outline.find((l: { name: string }) => l.name === 'Reading');
    // A save refused for its version keeps nothing, not even the upload's use.
    const stale = await ctx.api.patch(staff(`coursewares/${reading.id}/`), { upload: pdf.id }, as(admin, { 'if-match': `"v${reading.version + 5}"` }));
    expect(stale.status).toBe(412);
    expect((await db().select().from(uploads).where(eq(uploads.id, pdf.id)))[0]!.attachedAt).toBeNull();
    const updated = await ctx.api.patch(staff(`coursewares/${reading.id}/`), { upload: pdf.id }, as(admin, { 'if-match': `"v${reading.version}"` }));
    expect(updated.body.modules[0].lessons.find((l: { id: number }) => l.id === reading.id)).toMatchObject({ has_file: true, problem: null, media_seconds: null });
  });

  it("keeps to the school's limits per file and in all, and needs the length and the file's name", async () => {
    const school = await createSchool(db(), { uploadMaxBytes: 1000, uploadQuotaBytes: 1500 });
    const admin = await createStaff(db(), { school });
    expect((await create(admin, 1001)).res).toMatchObject({ status: 413, body: { detail: uploadMessages.tooLarge(1000) } });
    expect((await create(admin, 1000)).res.status).toBe(201);
    expect((await create(admin, 600)).res).toMatchObject({ status: 413, body: { detail: uploadMessages.quota(1500) } });
    expect((await create(admin, 10, { 'upload-metadata': `filetype ${Buffer.from('video/mp4').toString('base64')}` })).res).toMatchObject({ status: 400, body: { detail: uploadMessages.filename } });
    const deferred = await request(ctx.server.url, staff('uploads/'), { method: 'POST', ...as(admin, { ...tus, 'upload-defer-length': '1', 'upload-metadata': metadata('a.mp4', 'video/mp4') }) });
    expect(deferred.status).toBe(400);
    expect((await request(ctx.server.url, staff('uploads/'), { method: 'POST', ...as(admin, { 'upload-length': '10' }) })).status).toBe(412);
    expect(await db().$count(uploads, eq(uploads.schoolId, school.id))).toBe(1);

    // Two uploads created at once with room for one: the school's row is locked while each is counted.
    const roomy = await createSchool(db(), { uploadMaxBytes: 1000, uploadQuotaBytes: 1500 });
    const other = await createStaff(db(), { school: roomy });
    const raced = await Promise.all([create(other, 1000), create(other, 1000)]);
    expect(raced.map((r) => r.res.status).sort()).toEqual([201, 413]);
    expect(await db().$count(uploads, eq(uploads.schoolId, roomy.id))).toBe(1);
  });

  it('finishes an upload whose last byte arrived while its finish failed, when it is next asked about', async () => {
    const admin = await createStaff(db());
    const { id } = await create(admin, podcast.length);
    expect((await patch(admin, id, 0, podcast)).status).toBe(204);
    await settled(admin, id);
    // As the finish's transaction failing leaves it: every byte stored, the row still receiving.
    await db().update(uploads).set({ state: 'receiving', kind: null, mime: null, mediaSeconds: null, finishedAt: null }).where(eq(uploads.id, id));
    expect(await settled(admin, id)).toMatchObject({ state: 'ready', kind: 'audio' });
  });

  it('answers nobody 401, a student 403; another school, or another instructor, finds no upload (404); the sender gives up with DELETE', async () => {
    const admin = await createStaff(db());
    const instructor = await createStaff(db(), { school: admin.school, role: 'IN' });
    const colleague = await createStaff(db(), { school: admin.school, role: 'IN' });
    const student = await createStudent(db(), { school: admin.school });
    const foreign = await createStaff(db());
    expect((await request(ctx.server.url, staff('uploads/'), { method: 'POST', host: admin.school.host, headers: { ...tus, 'upload-length': '10' } })).status).toBe(401);
    expect((await create(student, 10)).res.status).toBe(403);
    const { res, id } = await create(instructor, 10);
    expect(res.status).toBe(201);
    for (const who of [foreign, colleague]) {
      expect((await ctx.api.get(staff(`uploads/${id}/`), as(who))).status).toBe(404);
      expect((await patch(who, id, 0, Buffer.alloc(10))).status).toBe(404);
      expect((await request(ctx.server.url, staff(`uploads/${id}`), { method: 'HEAD', ...as(who, tus) })).status).toBe(404);
      expect((await request(ctx.server.url, staff(`uploads/${id}`), { method: 'DELETE', ...as(who, tus) })).status).toBe(404);
    }
    expect((await ctx.api.get(staff(`uploads/${id}/`), as(admin))).status).toBe(200);
    expect((await ctx.api.get(staff('uploads/not-an-id/'), as(admin))).status).toBe(404);
    // An address that names one's own upload and hides another's after it reaches one's own only.
    const theirs = await create(foreign, 10);
    const sneaky = await request(ctx.server.url, `${staff(`uploads/${theirs.id}`)}?/${id}`, { method: 'DELETE', ...as(foreign, tus) });
    expect(sneaky.status).toBe(204);
    expect(await db().$count(uploads, eq(uploads.id, id))).toBe(1);
    expect(await db().$count(uploads, eq(uploads.id, theirs.id))).toBe(0);
    const intact = await request(ctx.server.url, staff(`uploads/${id}`), { method: 'HEAD', ...as(instructor, tus) });
    expect(intact.status).toBe(200);
    expect(intact.headers['upload-offset']).toBe('0');
    expect((await create(admin, 0)).res).toMatchObject({ status: 400, body: { detail: uploadMessages.noLength } });
    expect((await request(ctx.server.url, staff(`uploads/${id}`), { method: 'DELETE', ...as(instructor, tus) })).status).toBe(204);
    expect(await db().$count(uploads, eq(uploads.id, id))).toBe(0);
    expect((await ctx.api.get(staff(`uploads/${id}/`), as(instructor))).status).toBe(404);
  });

  it('forgets uploads no lesson took within a day, and those no lesson uses any more, bytes and poster with them; keeps the ones lessons use', async () => {
    const admin = await createStaff(db());
    const unused = await upload(admin, lecture, 'unused.webm');
    const replaced = await upload(admin, syllabus, 'first.pdf');
    const used = await upload(admin, syllabus, 'used.pdf');
    const course = await createCourse(db(), { school: admin.school, isPublished: false });
    const [lesson] = await createOutline(db(), course, [{ type: 'pdf', name: 'Reading' }]);
    expect((await ctx.api.patch(staff(`coursewares/${lesson!.id}/`), { upload: replaced.id }, as(admin, { 'if-match': '"v1"' }))).status).toBe(200);
    // The lesson's file replaced: the first upload holds room for nothing.
    expect((await ctx.api.patch(staff(`coursewares/${lesson!.id}/`), { upload: used.id }, as(admin, { 'if-match': '"v2"' }))).status).toBe(200);
    const service = uploadService(ctx.server.app);
    expect(await service.forgetUnused()).toBe(0);
    const later = new Date(Date.now() + 25 * 3600_000);
    while ((await service.forgetUnused(later)) > 0);
    for (const gone of [unused, replaced]) {
      expect(await db().$count(uploads, eq(uploads.id, gone.id))).toBe(0);
      expect(await ctx.server.app.storage.get(`uploads/${gone.id}`, 'private')).toBeNull();
    }
    expect((await request(ctx.server.url, unused.poster!)).status).toBe(404);
    expect(await db().$count(uploads, eq(uploads.id, used.id))).toBe(1);
    expect(await ctx.server.app.storage.get(`uploads/${used.id}`, 'private')).not.toBeNull();
  });
});

describe('a course image and preview video from uploads', () => {
  it('publishes an image and a video as public files of the course, refuses the wrong kind, and takes them away with null', async () => {
    const admin = await createStaff(db());
    const course = await createCourse(db(), { school: admin.school, isPublished: false });
    const photo = readFileSync(new URL('./fixtures/faces/coffee.jpg', import.meta.url));
    const image = await upload(admin, photo, 'cover.jpg');
    const video = await upload(admin, lecture, 'teaser.webm');
    expect([image.kind, video.kind]).toEqual(['image', 'video']);
    const at = (version: number) => as(admin, { 'if-match': `"v${version}"` });

    expect((await ctx.api.patch(staff(`courses/${course.id}/`), { image_upload: video.id }, at(1))).body).toEqual({ image_upload: [uploadMessages.needs('The course image', 'image', 'video')] });
    expect((await ctx.api.patch(staff(`courses/${course.id}/`), { preview_video_upload: image.id }, at(1))).body).toEqual({ preview_video_upload: [uploadMessages.needs('The preview video', 'video', 'image')] });
    const other = await createStaff(db());
    expect((await ctx.api.patch(staff(`courses/${course.id}/`), { image_upload: (await upload(other, photo)).id }, at(1))).body).toEqual({ image_upload: [uploadMessages.unknown] });

    const saved = await ctx.api.patch(staff(`courses/${course.id}/`), { image_upload: image.id, preview_video_upload: video.id }, at(1));
    expect(saved.status).toBe(200);
    expect(saved.body.image).toMatch(new RegExp(`/images/${image.id}\\.jpg$`));
    expect(saved.body.preview_video).toMatch(new RegExp(`/previews/${video.id}\\.webm$`));
    // Public: anybody fetches them, as the catalogue shows them, without a signed address.
    const served = await request(ctx.server.url, saved.body.image);
    expect(served.status).toBe(200);
    expect(served.raw.equals(photo)).toBe(true);
    expect((await request(ctx.server.url, saved.body.preview_video)).status).toBe(200);
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.schoolId, admin.school.id), eq(auditLog.action, 'course.update')));
    expect(entry!.changes).toMatchObject({ image: { before: null, after: `images/${image.id}.jpg` }, preview_video: { before: null, after: `previews/${video.id}.webm` } });

    const cleared = await ctx.api.patch(staff(`courses/${course.id}/`), { image_upload: null, preview_video_upload: null }, at(2));
    expect(cleared.body).toMatchObject({ image: null, preview_video: null, version: 3 });
  });
});
