import type { LessonType } from '@school/shared/staff/courses';
import type { OutlineLesson } from '@school/shared/staff/outline';
import { lessonUploadKind } from '@school/shared/staff/uploads';
import { FileUpload } from '../../../components/file-upload';

const accepts: Partial<Record<LessonType, string>> = { video: 'video/*', ivideo: 'video/*', audio: 'audio/*', pdf: 'application/pdf' };
const fileWords: Partial<Record<LessonType, string>> = { video: 'video', ivideo: 'video', audio: 'audio file', pdf: 'PDF' };

/** Whether a lesson of this type takes an uploaded file. */
export const takesFile = (type: LessonType) => lessonUploadKind[type] !== undefined;

interface Props {
  lesson: OutlineLesson;
  /** The probed upload is ready: the lesson takes it (a PATCH with `upload`). */
  onReady: (uploadId: string) => Promise<boolean>;
  onClose: () => void;
}

/** Sends a lesson's file with a progress bar, Pause and Resume, waits for the server's probe, then attaches it. */
export function LessonFileUpload({ lesson, onReady, onClose }: Props) {
  return <FileUpload owner={lesson.name} what={fileWords[lesson.type] ?? 'file'} accept={accepts[lesson.type]} replacing={lesson.has_file} target="the lesson" onReady={onReady} onClose={onClose} />;
}
