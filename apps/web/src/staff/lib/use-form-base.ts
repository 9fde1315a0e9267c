import { useCallback, useEffect, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { Conflict } from '../components/conflict-banner';

/**
 * What an editor's form stands on, when the data under it is read again (another part of the same resource saved,
 * the resource reloaded). A form nobody touched shows the new data. Typing is kept when only the version moved
 * (the fields the form shows are as they were); when they changed too, the new data waits in `newer` for the
 * editor to adopt, and saves keep naming the base's version, so that nothing is silently overwritten. The form's
 * own save adopts what the server answers (`adopt`); a save refused with 412 is `refuse`d. `stale` is then what
 * the editor is offered to reload.
 */
export function useFormBase<T, F extends FieldValues>(form: UseFormReturn<F>, data: T, toForm: (data: T) => F) {
  const [base, setBase] = useState(data);
  const [newer, setNewer] = useState<T | null>(null);
  const [refused, refuse] = useState<Conflict<T> | null>(null);
  const { reset, formState } = form;

  const adopt = useCallback(
    (next: T) => {
      reset(toForm(next));
      setBase(next);
      setNewer(null);
      refuse(null);
    },
    [reset, toForm],
  );

  useEffect(() => {
    if (data === base) return;
    if (!formState.isDirty) return adopt(data);
    if (JSON.stringify(toForm(data)) === JSON.stringify(toForm(base))) return setBase(data);
    setNewer(data);
  }, [data, base, adopt, formState.isDirty, toForm]);

  const stale: Conflict<T> | null = refused ?? (newer ? { current: newer, by: null, at: null } : null);
  return { base, stale, adopt, refuse };
}
