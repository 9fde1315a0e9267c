import { useState } from 'react';
import { lecturerCreateSchema, type Lecturer } from '@school/shared/staff/lecturers';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { notify } from '@/components/toast';
import { ApiError } from '@/lib/api-error';
import { useAddLecturer } from '../api/lecturer-calls';
import { InlineCreate } from './inline-create';

/**
 * A lecturer added without leaving the course settings. Not a form of its own (it sits inside the settings'
 * form): Add checks the two fields with the shared schema and sends them.
 */
export function NewLecturerForm({ onAdded, onCancel }: { onAdded: (lecturer: Lecturer) => void; onCancel: () => void }) {
  const add = useAddLecturer();
  const [name, setName] = useState('');
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | undefined>();

  async function submit() {
    const parsed = lecturerCreateSchema.safeParse({ name, title });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    try {
      const lecturer = await add.mutateAsync(parsed.data);
      notify.success(`${lecturer.name} was added.`);
      onAdded(lecturer);
    } catch (failure) {
      const body = failure instanceof ApiError ? (failure.body as unknown as { name?: string[]; detail?: string }) : null;
      setError(body?.name?.[0] ?? body?.detail ?? 'The lecturer could not be added. Try again.');
    }
  }

  return (
    <InlineCreate label="New lecturer" onSubmit={() => void submit()}>
      <TextField label="Lecturer's name" value={name} error={error} autoFocus onChange={(e) => setName(e.target.value)} />
      <TextField label="Title (optional)" value={title} onChange={(e) => setTitle(e.target.value)} />
      <div className="row-actions">
        <Button label="Add lecturer" busy={add.isPending} onClick={() => void submit()} />
        <Button variant="ghost" label="Cancel" onClick={onCancel} />
      </div>
    </InlineCreate>
  );
}
