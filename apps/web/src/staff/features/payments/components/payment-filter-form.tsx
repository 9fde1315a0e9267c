import { PAYMENT_MODES, processorTypeLabels, TRANSACTION_STATUSES, WAIVER_MODES } from '@school/shared/payments/rules';
import { ORPHANED_LABEL, staffPaymentQuerySchema, staffStatusLabels, type StaffPaymentQuery } from '@school/shared/staff/payments';
import { Button } from '@/components/button';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { useFilterForm } from '../../../lib/use-filter-form';

type FilterForm = Record<'reference' | 'status' | 'mode' | 'date_from' | 'date_to' | 'orphaned', string>;
const formOf = (f: StaffPaymentQuery): FilterForm => ({ reference: f.reference ?? '', status: f.status ?? '', mode: f.mode ?? '', date_from: f.date_from ?? '', date_to: f.date_to ?? '', orphaned: f.orphaned ?? '' });

const statuses = TRANSACTION_STATUSES.map((value) => ({ value, label: staffStatusLabels[value] }));
const modes = [...PAYMENT_MODES, ...WAIVER_MODES].map((value) => ({ value, label: processorTypeLabels[value] }));

/** The payments list's filters, checked with the server's own schema before they go into the address. */
export function PaymentFilterForm({ filters, onApply }: { filters: StaffPaymentQuery; onApply: (changes: FilterForm) => void }) {
  const { register, submit, clear, formState } = useFilterForm(staffPaymentQuerySchema, formOf(filters), onApply);
  const errors = formState.errors;
  return (
    <form className="filter-form" onSubmit={(event) => void submit(event)} noValidate aria-label="Filter the payments">
      <TextField label="Reference" placeholder="Ours, the gateway's or a payment code" error={errors.reference?.message} {...register('reference')} />
      <SelectField label="Status" placeholder="Every status" options={statuses} error={errors.status?.message} {...register('status')} />
      <SelectField label="Mode" placeholder="Every mode" options={modes} error={errors.mode?.message} {...register('mode')} />
      <TextField label="From" type="date" error={errors.date_from?.message} {...register('date_from')} />
      <TextField label="To" type="date" error={errors.date_to?.message} {...register('date_to')} />
      <SelectField label="Attention" placeholder="Every payment" options={[{ value: 'true', label: ORPHANED_LABEL }]} {...register('orphaned')} />
      <div className="response-actions">
        <Button label="Filter" type="submit" />
        <Button label="Clear" variant="ghost" onClick={clear} />
      </div>
    </form>
  );
}
