import { useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';

/** Renaming in place: the field starts with the name, Save sends it, Cancel or Escape leaves it as it was. */
export function InlineRename({ label, value, busy, onSave, onCancel }: { label: string; value: string; busy: boolean; onSave: (name: string) => void; onCancel: () => void }) {
  const [text, setText] = useState(value);
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return setError('Enter a name.');
    onSave(text.trim());
  };
  return (
    <form className="inline-rename" onSubmit={submit} onKeyDown={(event) => event.key === 'Escape' && onCancel()} noValidate>
      <TextField label={label} value={text} autoFocus error={error} onChange={(event) => setText(event.target.value)} />
      <Button label="Save" type="submit" busy={busy} />
      <Button label="Cancel" variant="ghost" onClick={onCancel} />
    </form>
  );
}
