import { useState, type FormEvent } from 'react';
import { LESSON_TYPES, type LessonType } from '@school/shared/staff/courses';
import { lessonTypeLabels } from '@school/shared/staff/outline';
import { Button } from '@/components/button';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';

const types = LESSON_TYPES.map((value) => ({ value, label: lessonTypeLabels[value] }));

/** Adds a lesson of any type at the end of a module; its own editor then fills what the type needs. */
export function AddLessonForm({ busy, onAdd }: { busy: boolean; onAdd: (type: LessonType, name: string) => Promise<boolean> }) {
  const [type, setType] = useState<LessonType | ''>('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<{ type?: string; name?: string }>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = { type: type ? undefined : 'Choose the kind of lesson.', name: name.trim() ? undefined : 'Enter the lesson name.' };
    setErrors(found);
    if (found.type || found.name || !type) return;
    if (await onAdd(type, name.trim())) setName('');
  };
  return (
    <form className="add-lesson" onSubmit={(event) => void submit(event)} noValidate>
      <SelectField label="Kind of lesson" placeholder="Choose" options={types} value={type} error={errors.type} onChange={(event) => setType(event.target.value as LessonType)} />
      <TextField label="Lesson name" value={name} error={errors.name} onChange={(event) => setName(event.target.value)} />
      <Button label="Add lesson" type="submit" busy={busy} />
    </form>
  );
}
