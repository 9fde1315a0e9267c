import { useState, type FormEvent } from 'react';
import { idKindsProblem, identitySettingsMessages as m, RETENTION_DAYS, type IdentitySettings } from '@school/shared/staff/identity-settings';
import { Button } from '@/components/button';
import { FormBanner } from '@/components/form-banner';
import { TextField } from '@/components/text-field';
import { notify } from '@/components/toast';
import { ApiError, errorDetail } from '@/lib/api-error';
import { ConflictBanner, conflictOf, type Conflict } from '../../../components/conflict-banner';
import { useUpdateIdentitySettings } from '../api/identity-settings-calls';
import { IdKindsEditor, type KindDraft } from './id-kinds-editor';

type Field = 'kinds' | 'retention_days' | 'snapshot_courses';

const draftsOf = (settings: IdentitySettings): KindDraft[] => settings.kinds.map((k) => ({ ...k, key: String(k.id) }));

interface Props {
  settings: IdentitySettings;
  onReload: (current: IdentitySettings) => void;
}

/** The identity settings as one form, saved whole to the version it was loaded at; the server checks the same rules. */
export function IdentitySettingsForm({ settings, onReload }: Props) {
  const update = useUpdateIdentitySettings();
  const [kinds, setKinds] = useState(() => draftsOf(settings));
  const [days, setDays] = useState(String(settings.retention_days));
  const [snapshots, setSnapshots] = useState(() => new Set(settings.courses.filter((c) => c.snapshots).map((c) => c.id)));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict<IdentitySettings> | null>(null);

  function problems() {
    const found: Partial<Record<Field, string>> = {};
    const kindProblem = kinds.some((k) => !k.name.trim()) ? m.kindName : idKindsProblem(kinds);
    if (kindProblem) found.kinds = kindProblem;
    const value = Number(days);
    if (!/^\d+$/.test(days.trim()) || value < RETENTION_DAYS.min || value > RETENTION_DAYS.max) found.retention_days = m.retention;
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBanner(null);
    const found = problems();
    setErrors(found);
    if (Object.keys(found).length) return;
    const patch = {
      kinds: kinds.map((k) => ({ ...(k.id === undefined ? {} : { id: k.id }), name: k.name.trim(), primary: k.primary })),
      retention_days: Number(days),
      snapshot_courses: [...snapshots],
    };
    try {
      await update.mutateAsync({ version: settings.version, patch });
      notify.success(m.saved);
    } catch (failure) {
      const refused = conflictOf<IdentitySettings>(failure);
      if (refused) return setConflict(refused);
      const body = failure instanceof ApiError ? (failure.body as Record<string, unknown> | null) : null;
      const fieldErrors = Object.fromEntries((['kinds', 'retention_days', 'snapshot_courses'] as Field[]).flatMap((f) => (Array.isArray(body?.[f]) ? [[f, String((body[f] as unknown[])[0])]] : [])));
      setErrors(fieldErrors);
      if (!Object.keys(fieldErrors).length) setBanner(errorDetail(failure) ?? 'The settings could not be saved. Try again.');
    }
  }

  const toggle = (id: number) =>
    setSnapshots((chosen) => {
      const next = new Set(chosen);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <form className="identity-settings" aria-label="Identity settings" noValidate onSubmit={(event) => void submit(event)}>
      {conflict && <ConflictBanner what="the school's settings" conflict={conflict} onReload={() => onReload(conflict.current)} />}
      <FormBanner message={banner} />
      <IdKindsEditor kinds={kinds} error={errors.kinds} onChange={setKinds} />
      <TextField
        label="Days the photos are kept after a decision"
        inputMode="numeric"
        value={days}
        error={errors.retention_days}
        onChange={(event) => setDays(event.target.value)}
      />
      <p className="muted">ID photos, selfies and webcam snapshots are deleted this many days after the ID decision or the snapshot ({RETENTION_DAYS.min} to {RETENTION_DAYS.max}); the face measurements used for matching stay.</p>
      <fieldset className="plain-fieldset">
        <legend>Courses that take webcam snapshots while students study</legend>
        {errors.snapshot_courses && (
          <p className="field-error" role="alert">
            {errors.snapshot_courses}
          </p>
        )}
        {settings.courses.length === 0 && <p className="empty-state">No courses yet.</p>}
        {settings.courses.map((course) => (
          <label key={course.id} className="check-field">
            <input type="checkbox" checked={snapshots.has(course.id)} onChange={() => toggle(course.id)} /> {course.name}
          </label>
        ))}
      </fieldset>
      <div className="form-actions">
        <Button type="submit" label="Save" busy={update.isPending} />
      </div>
    </form>
  );
}
