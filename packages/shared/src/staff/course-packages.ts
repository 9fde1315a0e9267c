import { z } from 'zod';
import { MEDIA_TYPES } from '../learning/rules';
import { courseSettingsProblems, courseSettingsSchema, LESSON_TYPES, type LessonType } from './courses';
import { examEditorProblems, staffExamPutSchema, staffQuestionSchema } from './exams';
import { lessonFieldsSchema, moduleCreateSchema } from './outline';
import { lessonUploadKind } from './uploads';
import { staffVideoQuestionSchema, videoQuestionProblems, videoQuestionsPutSchema } from './video-questions';

/**
 * A course package: one ZIP holding `manifest.json` (the course's settings, outline, lessons and questions) and
 * the files it names under `files/`. Exported at one school, imported at another as a new draft.
 */
export const PACKAGE_FORMAT = 'course-package';
export const PACKAGE_VERSION = 1;
export const MANIFEST_NAME = 'manifest.json';

/** What an import reads at most: the ZIP sent, its entries, and what they unpack to (a ZIP bomb stops here). */
export const packageLimits = {
  zipBytes: 256 * 1024 * 1024,
  entries: 2000,
  unpackedBytes: 512 * 1024 * 1024,
  manifestBytes: 16 * 1024 * 1024,
} as const;

/** A file's name inside the package: `files/` and a plain name, so that no entry can point outside. */
export const PACKAGE_FILE = /^files\/[A-Za-z0-9_-]{1,64}\.[a-z0-9]{1,8}$/;
const fileRef = z.string().regex(PACKAGE_FILE, 'A file of the package is named files/<name>.<extension>.');

export const coursePackageMessages = {
  zipRequired: 'Send the course package as the body, with Content-Type: application/zip.',
  notZip: 'This file is not a ZIP course package.',
  entryName: (name: string) => `The package holds “${name.slice(0, 200)}”, which is outside its folders: only manifest.json and files/ may be in it.`,
  tooManyEntries: `The package holds more than ${packageLimits.entries.toLocaleString('en')} files.`,
  tooLarge: `The package unpacks to more than ${packageLimits.unpackedBytes / 1024 / 1024} MB.`,
  noManifest: 'The package has no manifest.json.',
  manifestJson: 'The manifest is not valid JSON.',
  manifest: (problem: string) => `The manifest is not a course package this platform reads: ${problem}`,
  missingFile: (name: string) => `The manifest names ${name}, which the package does not hold.`,
  wrongFile: (name: string, wanted: string) => `${name} is not ${wanted}.`,
  imported: (name: string) => `“${name}” is imported as a draft.`,
} as const;

/** A lesson as the package carries it: the outline's fields, its file, and its exam or video questions. */
export const packageLessonSchema = lessonFieldsSchema.pick({ name: true, description: true, url: true, media_seconds: true, content: true }).extend({
  type: z.enum(LESSON_TYPES),
  forward_streaming: z.boolean(),
  file: fileRef.nullable().describe('the lesson file (video, audio, PDF) inside the package'),
  exam: staffExamPutSchema.extend({ questions: z.array(staffQuestionSchema.omit({ id: true })).max(200) }).nullable(),
  video_questions: videoQuestionsPutSchema.extend({ questions: z.array(staffVideoQuestionSchema.omit({ id: true })).max(100) }).nullable(),
});
export type PackageLesson = z.infer<typeof packageLessonSchema>;

export const packageModuleSchema = moduleCreateSchema.required({ description: true }).extend({ lessons: z.array(packageLessonSchema).max(500) });

/** The course's settings without what belongs to the school it came from (its categories and lecturers). */
export const packageCourseSchema = courseSettingsSchema.omit({ subcategory_id: true, lecturer_id: true }).extend({
  image: fileRef.nullable(),
  preview_video: z.discriminatedUnion('type', [z.object({ type: z.literal('yt'), url: z.url({ protocol: /^https$/ }).max(2000) }), z.object({ type: z.literal('video'), file: fileRef })]).nullable(),
});
export type PackageCourse = z.infer<typeof packageCourseSchema>;

export const courseManifestSchema = z.object({
  format: z.literal(PACKAGE_FORMAT),
  version: z.literal(PACKAGE_VERSION),
  exported_at: z.iso.datetime(),
  /** Where it came from, for the record (the school's name); never used to find anything. */
  source: z.string().max(200),
  course: packageCourseSchema,
  modules: z.array(packageModuleSchema).max(200),
});
export type CourseManifest = z.infer<typeof courseManifestSchema>;

/** The file kind each use of a package file needs: a lesson's, the course image, the preview video. */
export const packageFileKind = (type: LessonType) => lessonUploadKind[type] ?? null;

/**
 * What an editor would refuse in the package, lesson by lesson (the same rules as the console's forms), so that an
 * import makes nothing the console could not have made. Empty when it imports.
 */
export function coursePackageProblems(manifest: CourseManifest, context: { mcle: boolean }): string[] {
  const problems = Object.values(courseSettingsProblems({ ...manifest.course, subcategory_id: null, lecturer_id: null }, { mcle: context.mcle, published: false })).filter((p): p is string => Boolean(p));
  manifest.modules.forEach((module) =>
    module.lessons.forEach((lesson) => {
      const say = (problem: string) => problems.push(`${module.name}, ${lesson.name}: ${problem}`);
      if (lesson.file && !packageFileKind(lesson.type)) say('this kind of lesson has no file.');
      if (MEDIA_TYPES.includes(lesson.type) && (lesson.file || lesson.url) && !lesson.media_seconds) say('a video or audio needs its length.');
      if (lesson.exam && lesson.type !== 'exam' && lesson.type !== 'survey') say('only an exam or a survey has questions.');
      if (lesson.exam) Object.values(examEditorProblems(lesson.exam, lesson.type === 'survey')).forEach(say);
      if (lesson.video_questions && lesson.type !== 'ivideo') say('only an interactive video has questions on its picture.');
      if (lesson.video_questions) Object.values(videoQuestionProblems(lesson.video_questions, lesson.media_seconds)).forEach(say);
    }),
  );
  return problems;
}

/** What the import answers: the new draft. */
export const courseImportedSchema = z.object({ id: z.number(), name: z.string(), detail: z.string() });
export type CourseImported = z.infer<typeof courseImportedSchema>;
