import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { isSelectablePeriod } from '@school/shared/lookups/compliance-periods';
import { todayIn } from '@school/shared/school/dates';
import { enrolOnBehalfSchema } from '@school/shared/staff/roster';
import type { StaffClass } from '@school/shared/staff/classes';
import { Button } from '@/components/button';
import { FormBanner } from '@/components/form-banner';
import { Modal } from '@/components/modal';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { notify } from '@/components/toast';
import { periodLabel, useCompliancePeriods } from '@/lib/lookups';
import { useSchool } from '@/lib/school';
import { readServerError } from '@/lib/server-errors';
import { useRosterWrite } from '../api/roster-calls';

type EnrolForm = { email: string; as: string; class: string; compliance_period: string; note: string };
const EMPTY: EnrolForm = { email: '', as: 'free', class: '', compliance_period: '', note: '' };
const FIELDS = ['email', 'as', 'class', 'compliance_period', 'note'] as const;
const ways = [
  { value: 'free', label: 'Free' },
  { value: 'paid', label: 'Marked paid (paid to the school)' },
  { value: 'pay_later', label: 'Pay later' },
];

/** Enrol a student: their account's e-mail, how (free, marked paid with how, pay later), the class and, for MCLE, the period. */
export function EnrolDialog({ courseId, classes, open, onClose }: { courseId: number; classes: StaffClass[]; open: boolean; onClose: () => void }) {
  const write = useRosterWrite(courseId);
  const school = useSchool().data;
  const mcle = school?.config.products.mcle ?? false;
  const periods = useCompliancePeriods();
  const today = todayIn(school?.time_zone ?? 'Asia/Manila');
  const { register, handleSubmit, setError, reset, watch, formState } = useForm<EnrolForm>({ defaultValues: EMPTY });
  const errors = formState.errors;
  const [banner, setBanner] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    reset(EMPTY);
    setBanner(null);
  }, [open, reset]);

  const show = (problems: Record<string, string>) => Object.entries(problems).forEach(([field, message], i) => setError(field as keyof EnrolForm, { type: 'server', message }, { shouldFocus: i === 0 }));

  const submit = handleSubmit(async (values) => {
    setBanner(null);
    const body = { ...values, class: values.class ? Number(values.class) : null, compliance_period: values.compliance_period ? Number(values.compliance_period) : null };
    const parsed = enrolOnBehalfSchema.safeParse(body);
    if (!parsed.success) return show(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
    try {
      await write.mutateAsync({ body: parsed.data });
      notify.success(`${parsed.data.email} is enrolled.`);
      onClose();
    } catch (failure) {
      const { fieldErrors, banner: text } = readServerError(failure, FIELDS);
      show(fieldErrors);
      setBanner(text);
    }
  });

  const choosable = (periods.data ?? []).filter((p) => isSelectablePeriod(p, today));
  return (
    <Modal open={open} onClose={onClose} title="Enrol a student">
      <form onSubmit={(event) => void submit(event)} noValidate className="console-form">
        <FormBanner message={banner} />
        <TextField label="Student's e-mail" type="email" autoComplete="off" error={errors.email?.message} {...register('email')} />
        <SelectField label="Enrolment" placeholder="Choose" options={ways} error={errors.as?.message} {...register('as')} />
        {watch('as') === 'paid' && <TextField label="How it was paid (a receipt number, a transfer)" error={errors.note?.message} {...register('note')} />}
        {classes.length > 0 && <SelectField label="Class" placeholder="No class" options={classes.map((c) => ({ value: String(c.id), label: c.name }))} error={errors.class?.message} {...register('class')} />}
        {mcle && (
          <SelectField label="Compliance period" placeholder="None" options={choosable.map((p) => ({ value: String(p.id), label: periodLabel(p) }))} error={errors.compliance_period?.message} {...register('compliance_period')} />
        )}
        <div className="response-actions">
          <Button label="Cancel" variant="ghost" onClick={onClose} />
          <Button label="Enrol" type="submit" busy={write.isPending} />
        </div>
      </form>
    </Modal>
  );
}
