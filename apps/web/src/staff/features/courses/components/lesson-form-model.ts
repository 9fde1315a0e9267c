import { formatLength, lessonPatchSchema, outlineMessages, parseLength, type LessonPatch, type OutlineLesson } from '@school/shared/staff/outline';

/** A lesson's fields as the editor's inputs hold them (text, as typed). */
export interface LessonForm {
  name: string;
  description: string;
  url: string;
  length: string;
  content: string;
  date: string;
  start_time: string;
  end_time: string;
  use_studios: boolean;
  recording: string;
  attendance_minutes: string;
}

export const formOf = (lesson: OutlineLesson): LessonForm => ({
  name: lesson.name,
  description: lesson.description,
  url: lesson.url ?? '',
  length: takesLength(lesson.type) && lesson.media_seconds ? formatLength(lesson.media_seconds) : '',
  content: lesson.content,
  date: lesson.live_class?.date ?? '',
  start_time: lesson.live_class?.start_time ?? '',
  end_time: lesson.live_class?.end_time ?? '',
  use_studios: lesson.live_class?.use_studios ?? false,
  recording: lesson.live_class?.recording ?? '',
  attendance_minutes: lesson.live_class?.attendance_minutes?.toString() ?? '',
});

/** The inputs each type shows beyond its name and description. */
export const takesUrl = (type: OutlineLesson['type']) => type === 'yt' || type === 'sc' || type === 'link';
export const takesLength = (type: OutlineLesson['type']) => type === 'yt' || type === 'sc';

/**
 * The PATCH a form makes for its lesson's type, or the problems by input: the shared schema checks it, as the
 * server will (its `media_seconds` is the Length input, `live_class.*` the session's inputs).
 */
export function patchOf(type: OutlineLesson['type'], values: LessonForm): { patch: LessonPatch } | { problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const patch: Record<string, unknown> = { name: values.name, description: values.description };
  if (takesUrl(type)) patch.url = values.url.trim() === '' ? null : values.url.trim();
  if (takesLength(type)) {
    const seconds = values.length.trim() === '' ? null : parseLength(values.length);
    if (seconds === null && values.length.trim() !== '') problems.length = outlineMessages.length;
    patch.media_seconds = seconds;
  }
  if (type === 'html') patch.content = values.content;
  if (type === 'class' && [values.date, values.start_time, values.end_time].some((v) => v !== '')) {
    patch.live_class = {
      date: values.date,
      start_time: values.start_time,
      end_time: values.end_time,
      use_studios: values.use_studios,
      recording: values.recording.trim() === '' ? null : values.recording.trim(),
      attendance_minutes: values.attendance_minutes.trim() === '' ? null : Number(values.attendance_minutes),
    };
  }
  const parsed = lessonPatchSchema.safeParse(patch);
  for (const issue of parsed.error?.issues ?? []) {
    const [first, second] = issue.path.map(String);
    const input = first === 'media_seconds' ? 'length' : first === 'live_class' && second ? second : first!;
    problems[input] ??= issue.message;
  }
  if (Object.keys(problems).length || !parsed.success) return { problems };
  return { patch: parsed.data };
}
