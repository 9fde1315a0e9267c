import { REPORT_INTERVALS, reportIntervalLabels, reportQuerySchema, type ReportQuery } from '@school/shared/staff/reports';
import { Button } from '@/components/button';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { useFilterForm } from '../../../lib/use-filter-form';

type FilterForm = Record<'date_from' | 'date_to' | 'interval' | 'course', string>;
const formOf = (f: ReportQuery): FilterForm => ({ date_from: f.date_from ?? '', date_to: f.date_to ?? '', interval: f.interval === 'day' ? '' : f.interval, course: f.course ? String(f.course) : '' });

/** The reports' range, interval and course, checked with the server's own schema before they go into the address. */
export function ReportFilterForm({ filters, courses, everything, onApply }: { filters: ReportQuery; courses: { id: number; name: string }[]; everything: string; onApply: (changes: FilterForm) => void }) {
  const { register, submit, clear, formState } = useFilterForm(reportQuerySchema, formOf(filters), onApply);
  const errors = formState.errors;
  return (
    <form className="filter-form" onSubmit={(event) => void submit(event)} noValidate aria-label="Choose the report's range">
      <TextField label="From" type="date" error={errors.date_from?.message} {...register('date_from')} />
      <TextField label="To" type="date" error={errors.date_to?.message} {...register('date_to')} />
      <SelectField label="Interval" placeholder={reportIntervalLabels.day} options={REPORT_INTERVALS.filter((i) => i !== 'day').map((value) => ({ value, label: reportIntervalLabels[value] }))} {...register('interval')} />
      <SelectField label="Course" placeholder={everything} options={courses.map((c) => ({ value: String(c.id), label: c.name }))} error={errors.course?.message} {...register('course')} />
      <div className="response-actions">
        <Button label="Show" type="submit" />
        <Button label="Clear" variant="ghost" onClick={clear} />
      </div>
    </form>
  );
}
