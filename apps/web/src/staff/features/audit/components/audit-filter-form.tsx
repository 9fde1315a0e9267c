import { auditQuerySchema, type AuditQuery } from '@school/shared/staff/audit';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { useFilterForm } from '../../../lib/use-filter-form';

type FilterForm = Record<'action' | 'subject' | 'date_from' | 'date_to', string>;
const formOf = (filters: AuditQuery): FilterForm => ({ action: filters.action ?? '', subject: filters.subject ?? '', date_from: filters.date_from ?? '', date_to: filters.date_to ?? '' });

/** The audit log's filters, checked with the server's own schema before they go into the address. */
export function AuditFilterForm({ filters, onApply }: { filters: AuditQuery; onApply: (changes: FilterForm) => void }) {
  const { register, submit, clear, formState } = useFilterForm(auditQuerySchema, formOf(filters), onApply);
  const errors = formState.errors;
  return (
    <form className="filter-form" onSubmit={(event) => void submit(event)} noValidate aria-label="Filter the audit log">
      <TextField label="Action" placeholder="course.update" error={errors.action?.message} {...register('action')} />
      <TextField label="Record" placeholder="course:12" error={errors.subject?.message} {...register('subject')} />
      <TextField label="From" type="date" error={errors.date_from?.message} {...register('date_from')} />
      <TextField label="To" type="date" error={errors.date_to?.message} {...register('date_to')} />
      <div className="response-actions">
        <Button label="Filter" type="submit" />
        <Button label="Clear" variant="ghost" onClick={clear} />
      </div>
    </form>
  );
}
