import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useId, useState } from 'react';
import type { BundleCourse } from '@school/shared/staff/bundles';
import { Button } from '@/components/button';
import { SelectField } from '@/components/select-field';

interface Props {
  value: BundleCourse[];
  onChange: (courses: BundleCourse[]) => void;
  /** The school's courses a bundle may hold. */
  choices: BundleCourse[];
  error?: string;
}

/**
 * A bundle's courses in the order the catalogue lists them: added from the school's courses, moved by their
 * handle (pointer, or Space and the arrow keys) or with Up and Down, and taken out.
 */
export function BundleCoursePicker({ value, onChange, choices, error }: Props) {
  const [adding, setAdding] = useState('');
  const errorId = useId();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const position = (id: string | number) => value.findIndex((c) => c.id === Number(id));
  const nameAt = (id: string | number) => value[position(id)]?.name ?? 'The course';
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameAt(active.id)}. Move it with the arrow keys, drop it with Space, cancel with Escape.`,
    onDragOver: ({ active, over }) => (over ? `${nameAt(active.id)} is at place ${position(over.id) + 1}.` : `${nameAt(active.id)} is no longer over the list.`),
    onDragEnd: ({ active, over }) => (over ? `${nameAt(active.id)} was dropped at place ${position(over.id) + 1}.` : `${nameAt(active.id)} was dropped.`),
    onDragCancel: ({ active }) => `Moving ${nameAt(active.id)} was cancelled.`,
  };
  const move = (from: number, to: number) => onChange(arrayMove(value, from, to));
  function onDragEnd({ active, over }: DragEndEvent) {
    if (over && active.id !== over.id) move(position(active.id), position(over.id));
  }
  const left = choices.filter((c) => !value.some((v) => v.id === c.id));

  return (
    <fieldset className={`field ${error ? 'has-error' : ''}`} aria-describedby={error ? errorId : undefined}>
      <legend>Courses, in the order students see them</legend>
      {value.length === 0 && <p className="empty-state">No courses yet. Add the first one below.</p>}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements }}>
        <SortableContext items={value.map((c) => c.id)} strategy={verticalListSortingStrategy}>
          <ol className="question-list">
            {value.map((course, index) => (
              <BundleCourseRow key={course.id} course={course} index={index} count={value.length} onMove={(to) => move(index, to)} onRemove={() => onChange(value.filter((c) => c.id !== course.id))} />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
      {left.length > 0 && (
        <div className="field-row">
          <SelectField label="Add a course" placeholder="Choose a course" options={left.map((c) => ({ value: String(c.id), label: c.is_published ? c.name : `${c.name} (draft)` }))} value={adding} onChange={(event) => setAdding(event.target.value)} />
          <Button
            variant="ghost"
            label="Add course"
            disabled={!adding}
            onClick={() => {
              const course = left.find((c) => c.id === Number(adding));
              if (course) onChange([...value, course]);
              setAdding('');
            }}
          />
        </div>
      )}
    </fieldset>
  );
}

function BundleCourseRow({ course, index, count, onMove, onRemove }: { course: BundleCourse; index: number; count: number; onMove: (to: number) => void; onRemove: () => void }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: course.id });
  return (
    <li ref={setNodeRef} className={`question-card question-card-head ${isDragging ? 'is-dragging' : ''}`} style={{ transform: CSS.Transform.toString(transform), transition }}>
      <button type="button" className="drag-handle" ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={`Move ${course.name}`}>
        <span aria-hidden="true">⠿</span>
      </button>
      <span className="bundle-course-name">
        {index + 1}. {course.name}
        {!course.is_published && <span className="status-badge status-draft">Draft</span>}
      </span>
      <div className="row-actions">
        <Button variant="ghost" label="Up" aria-label={`Move ${course.name} up`} disabled={index === 0} onClick={() => onMove(index - 1)} />
        <Button variant="ghost" label="Down" aria-label={`Move ${course.name} down`} disabled={index === count - 1} onClick={() => onMove(index + 1)} />
        <Button variant="ghost" label="Remove" aria-label={`Remove ${course.name}`} onClick={onRemove} />
      </div>
    </li>
  );
}
