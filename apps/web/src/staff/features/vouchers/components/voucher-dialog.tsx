import { useEffect, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import type { StaffVoucher } from '@school/shared/staff/vouchers';
import { Button } from '@/components/button';
import { FormBanner } from '@/components/form-banner';
import { Modal } from '@/components/modal';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { notify } from '@/components/toast';
import { readServerError } from '@/lib/server-errors';
import { ConflictBanner, conflictOf, type Conflict } from '../../../components/conflict-banner';
import { QueryState } from '../../../components/query-state';
import { useSaveVoucher, useVoucherTargets } from '../api/voucher-calls';
import { bodyOf, formOf, inputOf, targetOptionsOf, type VoucherForm } from './voucher-form-model';

interface Props {
  /** The voucher edited, or null for a new one; the dialog is closed while undefined. */
  voucher: StaffVoucher | null | undefined;
  onClose: () => void;
}

/** New voucher or Edit: every field at once, checked with the server's rules, saved whole to its version. */
export function VoucherDialog({ voucher, onClose }: Props) {
  const open = voucher !== undefined;
  const editing = voucher ?? null;
  const targets = useVoucherTargets();
  const save = useSaveVoucher();
  const form = useForm<VoucherForm>({ defaultValues: formOf(editing) });
  const { register, handleSubmit, setError, reset, watch, formState } = form;
  const errors = formState.errors;
  const [banner, setBanner] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict<StaffVoucher> | null>(null);
  const [base, setBase] = useState(editing);

  useEffect(() => {
    if (!open) return;
    reset(formOf(editing));
    setBase(editing);
    setBanner(null);
    setConflict(null);
  }, [open, editing, reset]);

  function showProblems(problems: Record<string, string>) {
    Object.entries(problems).forEach(([input, message], i) => setError(input as Path<VoucherForm>, { type: 'server', message }, { shouldFocus: i === 0 }));
  }

  const submit = handleSubmit(async (values) => {
    const made = bodyOf(values, base?.used_count ?? 0);
    if ('problems' in made) return showProblems(made.problems);
    try {
      const saved = await save.mutateAsync({ voucher: base, body: made.body });
      notify.success(base ? `${saved.code} is saved.` : `${saved.code} was created.`);
      onClose();
    } catch (failure) {
      const refused = conflictOf<StaffVoucher>(failure);
      if (refused) return setConflict(refused);
      const fields = [...Object.keys(formOf(null)), 'course_id', 'bundle_id'];
      const { fieldErrors, banner: text } = readServerError(failure, fields, []);
      showProblems(Object.fromEntries(Object.entries(fieldErrors).map(([field, message]) => [inputOf(field), message])));
      setBanner(text);
    }
  });

  const percent = watch('type') === 'percentage';
  return (
    <Modal open={open} onClose={onClose} title={editing ? `Edit ${editing.code}` : 'New voucher'}>
      {/* The form waits for the choices of "Applies to": a select shown without its option would lose the voucher's target. */}
      <QueryState query={targets} what="The courses and bundles">
        {(choices) => (
          <form onSubmit={(event) => void submit(event)} noValidate className="console-form">
            {conflict && (
              <ConflictBanner
                what="this voucher"
                conflict={conflict}
                onReload={() => {
                  reset(formOf(conflict.current));
                  setBase(conflict.current);
                  setConflict(null);
                }}
              />
        )}
        <FormBanner message={banner} />
        <TextField label="Code" autoCapitalize="characters" error={errors.code?.message} {...register('code')} />
        <SelectField label="Kind" placeholder="Choose" options={[{ value: 'percentage', label: 'Percentage off' }, { value: 'fixed', label: 'Fixed amount off (pesos)' }]} {...register('type')} />
        <TextField label={percent ? 'Percent off' : 'Pesos off'} inputMode="decimal" error={errors.value?.message} {...register('value')} />
        <SelectField label="Applies to" placeholder="Every course and bundle" options={targetOptionsOf(choices, base)} error={errors.target?.message} {...register('target')} />
        <div className="field-row">
          <TextField label="Uses in all (empty: no limit)" inputMode="numeric" error={errors.usage_limit?.message} {...register('usage_limit')} />
          <TextField label="Uses per student" inputMode="numeric" error={errors.per_user_limit?.message} {...register('per_user_limit')} />
        </div>
        <div className="field-row">
          <TextField label="First day (optional)" type="date" error={errors.starts_on?.message} {...register('starts_on')} />
          <TextField label="Last day (optional)" type="date" error={errors.ends_on?.message} {...register('ends_on')} />
        </div>
        <label className="check-field">
          <input type="checkbox" {...register('is_active')} /> Active: students can use it
        </label>
        {editing && editing.used_count > 0 && (
          <p className="muted">
            Used {editing.used_count} {editing.used_count === 1 ? 'time' : 'times'}. Payments already made keep the discount they had.
          </p>
        )}
        <div className="response-actions">
          <Button label="Cancel" variant="ghost" onClick={onClose} />
          <Button label={editing ? 'Save voucher' : 'Create voucher'} type="submit" busy={save.isPending} />
        </div>
      </form>
        )}
      </QueryState>
    </Modal>
  );
}
