import { PACKAGE_FORMAT, PACKAGE_VERSION, type CourseManifest, type PackageLesson } from '@school/shared/staff/course-packages';
import type { courses } from '../../db/schema';
import { settingsOf } from '../catalogue/staff-presenter';
import { editorQuestionOf } from '../exams/presenter';
import { editorVideoQuestionOf } from '../learning/presenter';
import type { PackageOutline } from './repository';

/** The package's name of a stored file (by its storage key), or null when the storage no longer had it. */
export type FileNameOf = (key: string) => string | null;

/** What the package says of a course: its settings and outline, with files named by `fileNameOf`; no ids. */
export function manifestOf(source: string, course: typeof courses.$inferSelect, outline: PackageOutline, fileNameOf: FileNameOf): CourseManifest {
  const { subcategory_id: _subcategory, lecturer_id: _lecturer, ...settings } = settingsOf(course);
  const previewFile = course.previewVideoType === 'video' && course.previewVideoUrl ? fileNameOf(course.previewVideoUrl) : null;
  return {
    format: PACKAGE_FORMAT,
    version: PACKAGE_VERSION,
    exported_at: new Date().toISOString(),
    source,
    course: {
      ...settings,
      image: course.image ? fileNameOf(course.image) : null,
      preview_video:
        course.previewVideoType === 'yt' && course.previewVideoUrl ? { type: 'yt', url: course.previewVideoUrl } : previewFile ? { type: 'video', file: previewFile } : null,
    },
    modules: outline.map(({ module, lessons }) => ({
      name: module.name,
      description: module.description,
      lessons: lessons.map(({ lesson, exam, questions, marks }): PackageLesson => {
        const file = lesson.file ? fileNameOf(lesson.file) : null;
        return {
          type: lesson.type,
          name: lesson.name,
          description: lesson.description,
          url: lesson.url,
          // A lesson whose file the storage lost has no length to keep: the editor gives both again.
          media_seconds: file || lesson.url ? lesson.mediaSeconds : null,
          content: lesson.content,
          forward_streaming: lesson.forwardStreaming,
          file,
          exam: exam && {
            description: exam.description,
            passing_rate: exam.passingRate,
            max_attempts: exam.maxAttempts,
            duration_minutes: exam.durationMinutes,
            date_start: exam.dateStart,
            date_end: exam.dateEnd,
            show_answers: exam.showAnswers,
            questions: questions.map(editorQuestionOf),
          },
          video_questions:
            lesson.type === 'ivideo'
              ? { max_attempts: lesson.maxAttempts, questions: marks.map(editorVideoQuestionOf) }
              : null,
        };
      }),
    })),
  };
}
