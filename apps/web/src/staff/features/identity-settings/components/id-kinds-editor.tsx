import { identitySettingsMessages, MAX_ID_KINDS } from '@school/shared/staff/identity-settings';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';

/** A kind of ID as the editor holds it: `key` tells new rows apart until the server gives them an id. */
export interface KindDraft {
  key: string;
  id?: number;
  name: string;
  primary: boolean;
  in_use: boolean;
}

interface Props {
  kinds: KindDraft[];
  error?: string;
  onChange: (kinds: KindDraft[]) => void;
}

let next = 0;
export const newKind = (): KindDraft => ({ key: `new-${++next}`, name: '', primary: false, in_use: false });

/** The kinds of ID students choose from, in their order: renamed, moved, added, removed (unless students sent one), one primary. */
export function IdKindsEditor({ kinds, error, onChange }: Props) {
  const set = (index: number, change: Partial<KindDraft>) => onChange(kinds.map((k, i) => (i === index ? { ...k, ...change } : k)));
  const move = (from: number, to: number) => {
    const moved = [...kinds];
    const [kind] = moved.splice(from, 1);
    moved.splice(to, 0, kind!);
    onChange(moved);
  };
  const choosePrimary = (index: number | null) => onChange(kinds.map((k, i) => ({ ...k, primary: i === index })));
  const label = (kind: KindDraft, index: number) => kind.name.trim() || `kind ${index + 1}`;

  return (
    <fieldset className="plain-fieldset id-kinds">
      <legend>Kinds of ID</legend>
      <p className="muted">
        Students choose their ID from this list, in this order. A verified primary ID is enough on its own; any other ID needs a second one with it.
      </p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <ol className="id-kinds-list">
        {kinds.map((kind, index) => (
          <li key={kind.key} className="question-card">
            <TextField label={`Name of kind ${index + 1}`} value={kind.name} maxLength={200} onChange={(event) => set(index, { name: event.target.value })} />
            <label className="check-field">
              <input type="radio" name="primary-id" checked={kind.primary} onChange={() => choosePrimary(index)} />
              <span>The primary ID</span>
            </label>
            {kind.in_use && <p className="muted">Students have sent this kind: it can be renamed, not removed.</p>}
            <div className="row-actions">
              <Button variant="ghost" label="Up" aria-label={`Move ${label(kind, index)} up`} disabled={index === 0} onClick={() => move(index, index - 1)} />
              <Button variant="ghost" label="Down" aria-label={`Move ${label(kind, index)} down`} disabled={index === kinds.length - 1} onClick={() => move(index, index + 1)} />
              <Button variant="ghost" label="Remove" aria-label={`Remove ${label(kind, index)}`} disabled={kind.in_use} onClick={() => onChange(kinds.filter((_, i) => i !== index))} />
            </div>
          </li>
        ))}
      </ol>
      <div className="row-actions">
        <Button variant="ghost" label="Add a kind of ID" disabled={kinds.length >= MAX_ID_KINDS} onClick={() => onChange([...kinds, newKind()])} />
        <label className="check-field">
          <input type="radio" name="primary-id" checked={!kinds.some((k) => k.primary)} onChange={() => choosePrimary(null)} />
          <span>No primary ID: every ID sent must be verified</span>
        </label>
      </div>
      {kinds.length >= MAX_ID_KINDS && <p className="muted">{identitySettingsMessages.tooManyKinds}</p>}
    </fieldset>
  );
}
