import { periodChoices } from '@school/shared/lookups/compliance-periods';
import { todayIn } from '@school/shared/school/dates';
import { PageHeader } from '@/components/breadcrumb';
import { LoadError } from '@/components/load-error';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { useCompliancePeriods } from '@/lib/lookups';
import { PaymentForm, type PaymentFormProps } from './payment-form';
import '../payments.css';

interface PaymentPageProps extends Omit<PaymentFormProps, 'periodOptions' | 'initialPeriod'> {
  title: 'Course Payment' | 'Bundle Payment';
  /** The middle crumb: Home > Course > Payment, or Home > Course Bundle > Payment. */
  crumb: { label: string; to: string };
}

/** A payment page's frame; the form starts once the compliance periods it offers are known, or says they failed. */
export function PaymentPage({ title, crumb, ...props }: PaymentPageProps) {
  const periods = useCompliancePeriods();
  const { school, item } = props;
  // Only periods that still earn units, the current one chosen first (as in the Statement of Affirmation).
  const { options, preselected } = periodChoices(periods.data ?? [], todayIn(school.time_zone));
  return (
    <main>
      <PageHeader title={title} cover={school.cover} trail={[{ label: 'Home', to: paths.home }, crumb, { label: 'Payment' }]} />
      {!item.askPeriod || periods.data ? (
        <PaymentForm {...props} periodOptions={options} initialPeriod={item.askPeriod ? preselected?.id : undefined} />
      ) : periods.isError ? (
        // Without the periods the required select would be empty and Purchase dead: say so, and ask again.
        <div className="container">
          <LoadError what="The compliance periods" retry={() => void periods.refetch()} />
        </div>
      ) : (
        <Loading />
      )}
    </main>
  );
}
