import { mkdtempSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { coursePackageMessages as msg, MANIFEST_NAME, packageLimits } from '@school/shared/staff/course-packages';
import { courses, coursewares, examQuestions, exams, modules, videoQuestions } from '../src/db/schema/index';
import { openPackage } from '../src/modules/course-packages/package-reader';
import { createCourse, createOutline, createSchool, createStaff, createStudent } from './support/factories';
import { serverForFile } from './support/server';
import { zipOf } from './support/zip';

// Files of its own, so that what an import leaves behind can be counted.
const media = mkdtempSync(path.join(tmpdir(), 'packages-media-'));
const ctx = serverForFile({ MEDIA_DIR: media });
const stored = (folder: string) => readdirSync(path.join(media, folder), { withFileTypes: true }).filter((f) => f.isFile()).length;
const db = () => ctx.server.database.db;
const storage = () => ctx.server.app.storage;
const VIDEO = readFile(new URL('../src/seed/assets/private/lessons/lecture.webm', import.meta.url));

/** A course with every kind of content a package carries: settings, an image, a video, a PDF, text, an exam, questions on a video. */
async function richCourse() {
  const school = await createSchool(db(), { products: { mcle: true } });
  const image = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#0f766e' } }).png().toBuffer();
  const pdf = Buffer.from(await (await PDFDocument.create()).addPage().doc.save());
  await storage().put(`images/pkg-${school.id}.png`, image, { visibility: 'public', contentType: 'image/png' });
  await storage().put(`uploads/pkg-video-${school.id}`, await VIDEO, { visibility: 'private', contentType: 'video/webm' });
  await storage().put(`uploads/pkg-pdf-${school.id}`, pdf, { visibility: 'private', contentType: 'application/pdf' });
  const course = await createCourse(db(), {
    school,
    name: 'Evidence Essentials',
    description: '<p>Rules of evidence.</p>',
    fee: 150_000,
    mcleUnits: { legal_ethics: 1, updates: 2 },
    units: 3,
    approvalNumber: 'MCLE-2026-01',
    image: `images/pkg-${school.id}.png`,
    previewVideoType: 'yt',
    previewVideoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  });
  const [video, text, reading, exam, marked] = await createOutline(db(), course, [
    { type: 'video', name: 'Lecture', file: `uploads/pkg-video-${school.id}`, mediaSeconds: 3 },
    { type: 'html', name: 'Hearsay', content: '<h2>Hearsay</h2><p>An out-of-court statement.</p>' },
    { type: 'pdf', name: 'Syllabus', file: `uploads/pkg-pdf-${school.id}` },
    { type: 'exam', name: 'Final exam' },
    { type: 'ivideo', name: 'Cross-examination', file: `uploads/pkg-video-${school.id}`, mediaSeconds: 3, maxAttempts: 2 },
  ]);
  await createOutline(db(), course, [{ type: 'yt', name: 'Oral argument', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', mediaSeconds: 750 }], 1);
  const [row] = await db().insert(exams).values({ schoolId: school.id, coursewareId: exam!.id, passingRate: 80, maxAttempts: 3, version: 2 }).returning();
  await db().insert(examQuestions).values([
    { schoolId: school.id, examId: row!.id, position: 0, type: 'radio', text: 'Is hearsay admissible?', choices: ['Yes', 'No'], correctAnswer: ['No'], addedIn: 1, retiredIn: 2 },
    { schoolId: school.id, examId: row!.id, position: 0, type: 'radio', text: 'Is hearsay admissible as a rule?', choices: ['Yes', 'No'], correctAnswer: ['No'], addedIn: 2 },
    { schoolId: school.id, examId: row!.id, position: 1, type: 'text', text: 'Name an exception.', points: 2 },
  ]);
  await db().insert(videoQuestions).values({ schoolId: school.id, coursewareId: marked!.id, type: 'radio', timestamp: 2, content: 'Who may object?', choices: ['Counsel', 'Witness'], correctAnswer: ['Counsel'], location: { x: 25, y: 75 } });
  const admin = await createStaff(db(), { school });
  return { school, course, admin, image, pdf, lessons: { video, text, reading, exam, marked } };
}

const exportOf = (courseId: number, who: { token: string }, host: string) => ctx.api.get(`/api/v1/staff/courses/${courseId}/export/`, { token: who.token, host });
const importOf = (zip: Buffer, who: { token: string }, host: string) =>
  ctx.api.post('/api/v1/staff/courses/import/', undefined, { token: who.token, host, rawBody: zip, headers: { 'content-type': 'application/zip' } });

/** A package's names, manifest and files, read through the import's own reader. */
async function manifestIn(zip: Buffer) {
  const pkg = await openPackage(zip);
  try {
    const files = new Map<string, Buffer>();
    for (const name of pkg.names) files.set(name, await pkg.read(name));
    return { names: [...pkg.names].sort(), manifest: JSON.parse(files.get(MANIFEST_NAME)!.toString('utf8')), read: (name: string) => files.get(name) };
  } finally {
    pkg.close();
  }
}

/** A school that receives packages, and its administrator. */
async function receiver() {
  const school = await createSchool(db(), { products: { mcle: true } });
  return { school, admin: await createStaff(db(), { school }) };
}

const coursesOf = async (schoolId: number) => (await db().select({ id: courses.id }).from(courses).where(eq(courses.schoolId, schoolId))).length;

/** A package made from a manifest and files, as another platform or a hand might write one. */
function packageOf(manifest: unknown, files: Record<string, Buffer> = {}) {
  return zipOf([{ name: MANIFEST_NAME, data: JSON.stringify(manifest) }, ...Object.entries(files).map(([name, data]) => ({ name, data }))]);
}

describe('GET /staff/courses/{id}/export/ and POST /staff/courses/import/', () => {
  it('exports a course with its outline, questions and files, and imports it elsewhere as an equal draft', async () => {
    const s = await richCourse();
    const exported = await exportOf(s.course.id, s.admin, s.school.host);
    expect(exported.status, exported.text).toBe(200);
    expect(exported.headers['content-type']).toBe('application/zip');
    expect(exported.headers['content-disposition']).toBe(`attachment; filename="${s.course.slug}.zip"`);
    const { names, manifest, read } = await manifestIn(exported.raw);
    expect(names).toEqual(['files/image.png', 'files/lesson-1.webm', 'files/lesson-3.pdf', MANIFEST_NAME]);
    expect(manifest).toMatchObject({ format: 'course-package', version: 1, source: s.school.name, course: { name: 'Evidence Essentials', fee: 1500, mcle_units: { legal_ethics: 1, updates: 2 }, image: 'files/image.png', preview_video: { type: 'yt' } } });
    expect(manifest.course).not.toHaveProperty('subcategory_id');
    const [first, second] = manifest.modules;
    expect(first.lessons.map((l: { type: string; file: string | null }) => [l.type, l.file])).toEqual([
      ['video', 'files/lesson-1.webm'],
      ['html', null],
      ['pdf', 'files/lesson-3.pdf'],
      ['exam', null],
      // The same stored video, carried once.
      ['ivideo', 'files/lesson-1.webm'],
    ]);
    // The retired question belongs to past attempts only.
    expect(first.lessons[3].exam.questions.map((q: { text: string }) => q.text)).toEqual(['Is hearsay admissible as a rule?', 'Name an exception.']);
    expect(first.lessons[4].video_questions).toMatchObject({ max_attempts: 2, questions: [{ content: 'Who may object?', location: { x: 25, y: 75 } }] });
    expect(second.lessons[0]).toMatchObject({ type: 'yt', media_seconds: 750 });
    expect(read('files/lesson-3.pdf')).toEqual(s.pdf);

    const to = await receiver();
    const imported = await importOf(exported.raw, to.admin, to.school.host);
    expect(imported.status, imported.text).toBe(201);
    expect(imported.body.detail).toBe(msg.imported('Evidence Essentials'));
    const [copy] = await db().select().from(courses).where(eq(courses.id, imported.body.id));
    expect(copy).toMatchObject({ schoolId: to.school.id, isPublished: false, fee: 150_000, units: 3, approvalNumber: 'MCLE-2026-01', subcategoryId: null, lecturerId: null });
    expect(copy!.slug).toMatch(new RegExp(`-${copy!.id}$`));
    expect(await storage().get(copy!.image!, 'public')).toEqual(s.image);
    const copiedLessons = await db().select().from(coursewares).innerJoin(modules, eq(modules.id, coursewares.moduleId)).where(eq(modules.courseId, copy!.id));
    const videoCopy = copiedLessons.find((r) => r.coursewares.type === 'video')!.coursewares;
    expect(videoCopy.file).toMatch(/^lessons\/[0-9a-f]{32}\.webm$/);
    expect(videoCopy.schoolId).toBe(to.school.id);
    expect(await storage().get(videoCopy.file!, 'private')).toEqual(await VIDEO);
    expect(copiedLessons.find((r) => r.coursewares.type === 'ivideo')!.coursewares.file).toBe(videoCopy.file);

    // Round trip: the copy exports to the same package, but for when and where it was made.
    const again = await manifestIn((await exportOf(copy!.id, to.admin, to.school.host)).raw);
    const strip = ({ exported_at: _at, source: _source, ...rest }: Record<string, unknown>) => rest;
    expect(strip(again.manifest)).toEqual(strip(manifest));
    expect(again.manifest.source).toBe(to.school.name);
  });

  it('refuses a course of another school (404), a student, an instructor and nobody', async () => {
    const s = await richCourse();
    const other = await receiver();
    expect((await exportOf(s.course.id, other.admin, other.school.host)).status).toBe(404);
    expect((await exportOf(s.course.id, other.admin, s.school.host)).status).toBe(403);
    const student = await createStudent(db(), { school: s.school });
    expect((await exportOf(s.course.id, student, s.school.host)).status).toBe(403);
    const instructor = await createStaff(db(), { school: s.school, role: 'IN', courses: [s.course] });
    expect((await exportOf(s.course.id, instructor, s.school.host)).status).toBe(403);
    expect((await ctx.api.get(`/api/v1/staff/courses/${s.course.id}/export/`, { host: s.school.host })).status).toBe(401);
    expect((await exportOf(2147483647, s.admin, s.school.host)).status).toBe(404);
    const zip = (await exportOf(s.course.id, s.admin, s.school.host)).raw;
    expect((await importOf(zip, instructor, s.school.host)).status).toBe(403);
    expect((await importOf(zip, student, s.school.host)).status).toBe(403);
    expect((await ctx.api.post('/api/v1/staff/courses/import/', undefined, { host: s.school.host, rawBody: zip, headers: { 'content-type': 'application/zip' } })).status).toBe(401);
  });

  it('refuses what is not a package, or could harm, with its reason and nothing imported', async () => {
    const s = await richCourse();
    const { manifest, read } = await manifestIn((await exportOf(s.course.id, s.admin, s.school.host)).raw);
    const video = read('files/lesson-1.webm')!;
    const to = await receiver();
    const images = stored('public/images');
    const refused = async (zip: Buffer, detail: string) => {
      const res = await importOf(zip, to.admin, to.school.host);
      expect(res.status, res.text).toBe(400);
      expect(res.body.detail).toBe(detail);
    };

    await refused(Buffer.from('PK not really'), msg.notZip);
    const json = await ctx.api.post('/api/v1/staff/courses/import/', { course: 'x' }, { token: to.admin.token, host: to.school.host });
    expect([json.status, json.body.detail]).toEqual([400, msg.zipRequired]);
    for (const name of ['../evil.txt', 'files/../../evil.txt', '/etc/passwd', 'files\\evil.txt']) await refused(zipOf([{ name: MANIFEST_NAME, data: '{}' }, { name, data: 'x' }]), msg.entryName(name));
    await refused(zipOf([{ name: MANIFEST_NAME, data: '{}' }, { name: 'notes.txt', data: 'x' }]), msg.entryName('notes.txt'));
    await refused(zipOf([{ name: 'files/a.png', data: 'x' }]), msg.noManifest);
    await refused(zipOf([{ name: MANIFEST_NAME, data: '{"format":' }]), msg.manifestJson);
    await refused(packageOf({ ...manifest, version: 9 }), msg.manifest('version: Invalid input: expected 1'));
    // A ZIP bomb: refused by what its entries declare, before anything is unpacked.
    await refused(zipOf([{ name: MANIFEST_NAME, data: JSON.stringify(manifest) }, { name: 'files/bomb.bin', data: Buffer.alloc(packageLimits.unpackedBytes + 1) }]), msg.tooLarge);
    await refused(zipOf(Array.from({ length: packageLimits.entries + 1 }, (_, i) => ({ name: `files/f${i}.bin`, data: '' }))), msg.tooManyEntries);
    // A header that says less than the entry unpacks to is held to what it says.
    await refused(zipOf([{ name: MANIFEST_NAME, data: JSON.stringify(manifest), declaredSize: 10 }]), msg.notZip);
    // The image comes first and is stored; the lesson's file is missing: the image goes again, no course is made.
    await refused(packageOf(manifest, { 'files/image.png': s.image, 'files/lesson-3.pdf': s.pdf }), msg.missingFile('files/lesson-1.webm'));
    // A file that is not what its lesson needs.
    await refused(packageOf(manifest, { 'files/image.png': s.image, 'files/lesson-1.webm': s.pdf, 'files/lesson-3.pdf': s.pdf }), msg.wrongFile('files/lesson-1.webm', 'a video'));
    // What the console's own forms refuse.
    const broken = structuredClone(manifest);
    broken.modules[0].lessons[3].exam.questions[0].correct_answer = ['Maybe'];
    await refused(packageOf(broken, { 'files/image.png': s.image, 'files/lesson-1.webm': video, 'files/lesson-3.pdf': s.pdf }), msg.manifest('Module 1, Final exam: A correct answer must be one of the choices.'));
    expect(await coursesOf(to.school.id)).toBe(0);
    expect(stored('public/images')).toBe(images);
  });
});
