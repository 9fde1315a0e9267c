import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { auditQuerySchema, type AuditQuery } from '@school/shared/staff/audit';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';

type FilterForm = Record<'action' | 'subject' | 'date_from' | 'date_to', string>;
const formOf = (filters: AuditQuery): FilterForm => ({ action: filters.action ?? '', subject: filters.subject ?? '', date_from: filters.date_from ?? '', date_to: filters.date_to ?? '' });

/** The audit log's filters, checked with the server's own schema before they go into the address. */
export function AuditFilterForm({ filters, onApply }: { filters: AuditQuery; onApply: (changes: FilterForm) => void }) {
  const { register, handleSubmit, setError, reset, formState } = useForm<FilterForm>({ defaultValues: formOf(filters) });
  useEffect(() => reset(formOf(filters)), [filters, reset]);

  const submit = handleSubmit((values) => {
    const trimmed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])) as FilterForm;
    const parsed = auditQuerySchema.safeParse(Object.fromEntries(Object.entries(trimmed).filter(([, v]) => v !== '')));
    if (!parsed.success) {
      parsed.error.issues.forEach((issue, i) => setError(issue.path[0] as keyof FilterForm, { type: 'schema', message: issue.message }, { shouldFocus: i === 0 }));
      return;
    }
    onApply(trimmed);
  });

  const errors = formState.errors;
  return (
    <form className="audit-filters" onSubmit={(event) => void submit(event)} noValidate aria-label="Filter the audit log">
      <TextField label="Action" placeholder="course.update" error={errors.action?.message} {...register('action')} />
      <TextField label="Record" placeholder="course:12" error={errors.subject?.message} {...register('subject')} />
      <TextField label="From" type="date" error={errors.date_from?.message} {...register('date_from')} />
      <TextField label="To" type="date" error={errors.date_to?.message} {...register('date_to')} />
      <div className="response-actions">
        <Button label="Filter" type="submit" />
        <Button label="Clear" variant="ghost" onClick={() => onApply({ action: '', subject: '', date_from: '', date_to: '' })} />
      </div>
    </form>
  );
}
