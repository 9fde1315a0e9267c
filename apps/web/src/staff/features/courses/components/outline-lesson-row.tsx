import type { ReactNode } from 'react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { OutlineLesson } from '@school/shared/staff/outline';
import { lessonTypeLabels } from '@school/shared/staff/outline';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { paths } from '@/config/paths';
import { staffPaths } from '../../../config/staff-paths';
import { InlineRename } from './inline-rename';
import { takesFile } from './lesson-file-upload';

interface Props {
  id: string;
  lesson: OutlineLesson;
  courseId: number;
  /** The course's slug: Preview opens the player's staff preview at this lesson. */
  courseSlug: string;
  renaming: boolean;
  busy: boolean;
  onRename: () => void;
  onRenamed: (name: string) => void;
  onCancel: () => void;
  onDelete: () => void;
  /** Opens the file panel of a video, audio or PDF lesson. */
  onFile: () => void;
  /** The open file panel, shown under the lesson. */
  filePanel: ReactNode;
}

/** A lesson in the outline: its handle to move it (pointer or keyboard), its kind, what it still needs, its actions. */
export function OutlineLessonRow({ id, lesson, courseId, courseSlug, renaming, busy, onRename, onRenamed, onCancel, onDelete, onFile, filePanel }: Props) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <li ref={setNodeRef} className={`outline-lesson ${isDragging ? 'is-dragging' : ''}`} style={{ transform: CSS.Transform.toString(transform), transition }}>
      <button type="button" className="drag-handle" ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={`Move ${lesson.name}`}>
        <span aria-hidden="true">⠿</span>
      </button>
      {renaming ? (
        <InlineRename label={`New name for ${lesson.name}`} value={lesson.name} busy={busy} onSave={onRenamed} onCancel={onCancel} />
      ) : (
        <>
          <div className="outline-lesson-text">
            <span className="lesson-kind">{lessonTypeLabels[lesson.type]}</span>
            <span className="lesson-name">{lesson.name}</span>
            {lesson.problem && <span className="lesson-problem">{lesson.problem}</span>}
          </div>
          <div className="row-actions">
            <Link className="btn btn-ghost" to={staffPaths.lesson(courseId, lesson.id)} aria-label={`Edit ${lesson.name}`}>
              Edit
            </Link>
            <Link className="btn btn-ghost" to={paths.coursePlayer(courseSlug, String(lesson.id))} aria-label={`Preview ${lesson.name} as student`}>
              Preview
            </Link>
            {lesson.exam !== null && (
              <Link className="btn btn-ghost" to={staffPaths.exam(lesson.exam)} aria-label={`Edit questions of ${lesson.name}`}>
                Edit questions
              </Link>
            )}
            {takesFile(lesson.type) && <Button variant="ghost" label={lesson.has_file ? 'Replace file' : 'Upload file'} aria-label={`${lesson.has_file ? 'Replace file' : 'Upload file'} for ${lesson.name}`} onClick={onFile} />}
            <Button variant="ghost" label="Rename" aria-label={`Rename ${lesson.name}`} onClick={onRename} />
            {!lesson.started && <Button variant="ghost" label="Delete" aria-label={`Delete ${lesson.name}`} onClick={onDelete} />}
          </div>
        </>
      )}
      {filePanel}
    </li>
  );
}
