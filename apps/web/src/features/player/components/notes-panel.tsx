import { useId, useState } from 'react';
import { playerMessages as msg } from '@school/shared/learning/rules';
import { Button } from '@/components/button';
import { notify } from '@/components/toast';
import { useSaveNotes } from '../api/player-calls';

/** Notes kept per enrolment (spec 2 §5), saved on request with the spec's toasts. */
export function NotesPanel({ enrollmentId, notes }: { enrollmentId: number; notes: string }) {
  const [text, setText] = useState(notes);
  const save = useSaveNotes(enrollmentId);
  const id = useId();
  return (
    <form
      className="notes-panel"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(text, { onSuccess: () => notify.success(msg.notesSaved), onError: () => notify.error(msg.notesFailed) });
      }}
    >
      <label htmlFor={id}>My notes</label>
      <textarea id={id} rows={12} maxLength={20_000} value={text} onChange={(e) => setText(e.target.value)} />
      <Button type="submit" label="Save Notes" busy={save.isPending} />
    </form>
  );
}
