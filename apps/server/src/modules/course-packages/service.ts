import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { ZipArchive } from 'archiver';
import { slugFor } from '@school/shared/catalogue/rules';
import {
  coursePackageMessages as msg,
  coursePackageProblems,
  courseManifestSchema,
  MANIFEST_NAME,
  packageFileKind,
  type CourseImported,
  type CourseManifest,
} from '@school/shared/staff/course-packages';
import { kindWords, type UploadKind } from '@school/shared/staff/uploads';
import { badRequest, notFound } from '../../lib/errors';
import type { Visibility } from '../../infra/storage/storage';
import { recordAudit } from '../audit/service';
import { sanitizeLessonHtml } from '../catalogue/lesson-html';
import { courseCreationPolicy, staffCoursePolicy } from '../catalogue/policy';
import { columnsOf, settingsOf } from '../catalogue/staff-presenter';
import { examQuestionColumns } from '../exams/presenter';
import { videoQuestionRowOf } from '../learning/presenter';
import type { StaffContext } from '../staff/context';
import { sniff, SNIFF_BYTES } from '../uploads/probe';
import { manifestOf } from './manifest';
import { openPackage, type OpenPackage } from './package-reader';
import { coursePackageRepository, coursePackageWrites } from './repository';

/** A stored file the package carries, and where an import puts it: lesson files private, the rest public. */
interface PackageFile {
  name: string;
  kind: UploadKind;
  visibility: Visibility;
  folder: 'lessons' | 'images' | 'previews';
}

/** Where each file the manifest names is used, with the kind that use needs. */
function filesOf(manifest: CourseManifest): PackageFile[] {
  const files: PackageFile[] = [];
  if (manifest.course.image) files.push({ name: manifest.course.image, kind: 'image', visibility: 'public', folder: 'images' });
  if (manifest.course.preview_video?.type === 'video') files.push({ name: manifest.course.preview_video.file, kind: 'video', visibility: 'public', folder: 'previews' });
  for (const module of manifest.modules) {
    for (const lesson of module.lessons) {
      const kind = packageFileKind(lesson.type);
      if (lesson.file && kind) files.push({ name: lesson.file, kind, visibility: 'private', folder: 'lessons' });
    }
  }
  return files;
}

/** Course packages (docs/decisions.md): a course exported as one ZIP, imported at any school as a new draft. */
export function coursePackageService(app: FastifyInstance) {
  const outlines = coursePackageRepository(app.db);

  async function readManifest(pkg: OpenPackage, ctx: StaffContext) {
    if (!pkg.names.has(MANIFEST_NAME)) throw badRequest(msg.noManifest, 'package_invalid');
    const bytes = await pkg.read(MANIFEST_NAME);
    let json: unknown;
    try {
      json = JSON.parse(bytes.toString('utf8'));
    } catch {
      throw badRequest(msg.manifestJson, 'package_invalid');
    }
    const parsed = courseManifestSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw badRequest(msg.manifest(`${issue.path.join('.') || 'the manifest'}: ${issue.message}`), 'package_invalid');
    }
    const problems = coursePackageProblems(parsed.data, { mcle: ctx.school.products.mcle });
    if (problems.length) throw badRequest(msg.manifest(problems.slice(0, 5).join(' ')), 'package_invalid');
    return parsed.data;
  }

  /** Stores each file once under a new key, after its bytes prove to be what its use needs; returns name → key. */
  async function storeFiles(pkg: OpenPackage, files: PackageFile[], written: string[]) {
    const keys = new Map<string, string>();
    for (const file of files) {
      if (keys.has(file.name)) continue;
      if (!pkg.names.has(file.name)) throw badRequest(msg.missingFile(file.name), 'package_invalid');
      const bytes = await pkg.read(file.name);
      const type = await sniff(bytes.subarray(0, SNIFF_BYTES));
      if (!type || type.kind !== file.kind) throw badRequest(msg.wrongFile(file.name, kindWords[file.kind]), 'package_invalid');
      const key = `${file.folder}/${randomBytes(16).toString('hex')}.${type.ext}`;
      await app.storage.put(key, bytes, { visibility: file.visibility, contentType: type.mime });
      written.push(key);
      keys.set(file.name, key);
    }
    return keys;
  }

  async function insertCourse(ctx: StaffContext, manifest: CourseManifest, keys: Map<string, string>) {
    const { image, preview_video: preview, ...settings } = manifest.course;
    const keyOf = (name: string | null) => (name === null ? null : keys.get(name)!);
    return app.db.transaction(async (tx) => {
      const outline = coursePackageWrites(tx);
      const row = await outline.insertCourse({
        ...columnsOf(settings),
        name: settings.name,
        slug: 'pending',
        isPublished: false,
        isFeatured: false,
        image: keyOf(image),
        previewVideoType: preview?.type ?? null,
        previewVideoUrl: preview === null ? null : preview.type === 'yt' ? preview.url : keyOf(preview.file),
        schoolId: ctx.school.id,
        updatedById: ctx.actor.userId,
      }, (r) => slugFor(r.name, r.id));
      for (const [position, module] of manifest.modules.entries()) {
        const moduleId = await outline.insertModule({ schoolId: ctx.school.id, courseId: row.id, name: module.name, description: module.description, position });
        for (const [lessonPosition, lesson] of module.lessons.entries()) {
          const file = lesson.file && packageFileKind(lesson.type) ? keyOf(lesson.file) : null;
          const lessonId = await outline.insertLesson({
            schoolId: ctx.school.id,
            moduleId,
            type: lesson.type,
            name: lesson.name,
            description: lesson.description,
            position: lessonPosition,
            file,
            url: lesson.url,
            content: sanitizeLessonHtml(lesson.content),
            forwardStreaming: lesson.forward_streaming,
            mediaSeconds: lesson.media_seconds,
            maxAttempts: lesson.video_questions?.max_attempts ?? 0,
          });
          if (lesson.exam) {
            const { questions, description, passing_rate, max_attempts, duration_minutes, date_start, date_end, show_answers } = lesson.exam;
            await outline.insertExam(
              { schoolId: ctx.school.id, coursewareId: lessonId, description, passingRate: passing_rate, maxAttempts: max_attempts, durationMinutes: duration_minutes, dateStart: date_start, dateEnd: date_end, showAnswers: show_answers },
              questions.map((q, i) => ({ ...examQuestionColumns(q, i), schoolId: ctx.school.id })),
            );
          }
          await outline.insertVideoQuestions(
            (lesson.video_questions?.questions ?? []).map((q) => ({ ...videoQuestionRowOf(q), schoolId: ctx.school.id, coursewareId: lessonId })),
          );
        }
      }
      await recordAudit(tx, ctx.audit, { action: 'course.create', subject: { type: 'course', id: row.id }, after: { ...settingsOf(row), imported_from: manifest.source } });
      return row;
    });
  }

  return {
    /**
     * The course as a package: its files first (stored, so that one large file at a time is in memory), the manifest
     * last, naming only the files the storage still had. Streamed: the answer starts before the last file is read.
     */
    async exportCourse(ctx: StaffContext, id: number): Promise<{ filename: string; stream: Readable }> {
      const record = await outlines.course(ctx.school.id, id);
      if (!record) throw notFound();
      staffCoursePolicy.authorize(ctx.actor, 'duplicate', { schoolId: record.course.schoolId, isPublished: record.course.isPublished, instructorIds: record.instructorIds });
      const { course } = record;
      const outline = await outlines.outline(ctx.school.id, id);
      await app.db.transaction((tx) => recordAudit(tx, ctx.audit, { action: 'course.export', subject: { type: 'course', id } }));
      const sources: { key: string; visibility: Visibility; stem: string }[] = [];
      if (course.image) sources.push({ key: course.image, visibility: 'public', stem: 'image' });
      if (course.previewVideoType === 'video' && course.previewVideoUrl) sources.push({ key: course.previewVideoUrl, visibility: 'public', stem: 'preview' });
      // Named by the lesson's place in the course (lesson-3: its third lesson), for whoever opens the ZIP.
      outline
        .flatMap(({ lessons }) => lessons)
        .forEach(({ lesson }, i) => lesson.file && sources.push({ key: lesson.file, visibility: 'private', stem: `lesson-${i + 1}` }));

      const archive = new ZipArchive({ zlib: { level: 6 } });
      const names = new Map<string, string>();
      const addFiles = async () => {
        for (const source of sources) {
          if (names.has(source.key)) continue;
          const bytes = await app.storage.get(source.key, source.visibility);
          if (!bytes) continue;
          const name = `files/${source.stem}.${(await sniff(bytes.subarray(0, SNIFF_BYTES)))?.ext ?? 'bin'}`;
          names.set(source.key, name);
          // Media is compressed already: stored as it is. The next file is read once this one is written.
          await new Promise<void>((resolve) => {
            archive.once('entry', () => resolve());
            archive.append(bytes, { name, store: true });
          });
        }
        archive.append(JSON.stringify(manifestOf(ctx.school.name, course, outline, (key) => names.get(key) ?? null), null, 2), { name: MANIFEST_NAME });
        await archive.finalize();
      };
      addFiles().catch((error: unknown) => archive.destroy(error as Error));
      return { filename: `${course.slug}.zip`, stream: archive };
    },

    /** A package imported as a new draft of the site's school, all of it or nothing: files stored first, removed again on failure. */
    async importCourse(ctx: StaffContext, zip: Buffer): Promise<CourseImported> {
      courseCreationPolicy.authorize(ctx.actor, 'create', ctx.school);
      const pkg = await openPackage(zip);
      const written: string[] = [];
      try {
        const manifest = await readManifest(pkg, ctx);
        const keys = await storeFiles(pkg, filesOf(manifest), written);
        const row = await insertCourse(ctx, manifest, keys);
        return { id: row.id, name: row.name, detail: msg.imported(row.name) };
      } catch (error) {
        await Promise.all(written.map((key) => app.storage.remove(key)));
        throw error;
      } finally {
        pkg.close();
      }
    },
  };
}
