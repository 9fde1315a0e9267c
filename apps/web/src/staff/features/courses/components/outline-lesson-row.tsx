import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { OutlineLesson } from '@school/shared/staff/outline';
import { lessonTypeLabels } from '@school/shared/staff/outline';
import { Button } from '@/components/button';
import { InlineRename } from './inline-rename';

interface Props {
  id: string;
  lesson: OutlineLesson;
  renaming: boolean;
  busy: boolean;
  onRename: () => void;
  onRenamed: (name: string) => void;
  onCancel: () => void;
  onDelete: () => void;
}

/** A lesson in the outline: its handle to move it (pointer or keyboard), its kind, what it still needs, its actions. */
export function OutlineLessonRow({ id, lesson, renaming, busy, onRename, onRenamed, onCancel, onDelete }: Props) {
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
            <Button variant="ghost" label="Rename" aria-label={`Rename ${lesson.name}`} onClick={onRename} />
            {!lesson.started && <Button variant="ghost" label="Delete" aria-label={`Delete ${lesson.name}`} onClick={onDelete} />}
          </div>
        </>
      )}
    </li>
  );
}
