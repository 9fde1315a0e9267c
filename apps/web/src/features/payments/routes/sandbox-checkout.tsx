import { useState } from 'react';
import { useParams } from 'react-router';
import { modeLabels, type PaymentMode } from '@school/shared/payments/rules';
import type { SandboxCheckout } from '@school/shared/payments/schemas';
import { dateTimeIn } from '@school/shared/school/dates';
import { Button } from '@/components/button';
import { FormBanner } from '@/components/form-banner';
import { Loading } from '@/components/loading';
import { ApiError } from '@/lib/api-error';
import { peso } from '@school/shared/payments/money';
import { useSchool } from '@/lib/school';
import { readServerError } from '@/lib/server-errors';
import { useSandboxCheckout, useSandboxOutcome, type SandboxOutcome } from '../api/sandbox-calls';
import { DetailLines } from '@/components/detail-lines';
import '../payments.css';

/** What a checkout that is no longer open says instead of its buttons. */
const settled: Record<Exclude<SandboxCheckout['status'], 'open'>, string> = {
  paid: 'This payment has been paid.',
  failed: 'This payment has failed.',
  pending: 'This payment was left pending.',
  expired: 'This checkout has expired.',
};

/** Open checkouts take every outcome; one left pending (a resumed payment, a code) can still be paid or failed. */
function outcomesFor(checkout: SandboxCheckout): SandboxOutcome[] {
  if (checkout.status === 'open') return ['paid', 'failed', 'pending'];
  if (checkout.status === 'pending') return ['paid', 'failed'];
  return [];
}

const buttons: Record<SandboxOutcome, { label: string; variant: 'primary' | 'danger' | 'ghost' }> = {
  paid: { label: 'Pay', variant: 'primary' },
  failed: { label: 'Fail payment', variant: 'danger' },
  pending: { label: 'Leave pending', variant: 'ghost' },
};

/** /sandbox/checkout/{reference}: the built-in sandbox gateway's hosted checkout (DECISIONS.md), public. */
export function SandboxCheckoutPage() {
  const { reference = '' } = useParams();
  const checkout = useSandboxCheckout(reference);
  return (
    <main className="container sandbox-page">
      <section className="sandbox-card" aria-label="Sandbox checkout">
        <p className="banner banner-warning sandbox-label">Sandbox checkout — no real money</p>
        {checkout.data ? (
          <CheckoutView checkout={checkout.data} />
        ) : checkout.isError ? (
          <>
            <h1>Checkout not found</h1>
            <FormBanner message={checkout.error instanceof ApiError && checkout.error.status === 404 ? 'There is no checkout with this reference.' : readServerError(checkout.error, []).banner} />
          </>
        ) : (
          <Loading />
        )}
      </section>
    </main>
  );
}

function CheckoutView({ checkout }: { checkout: SandboxCheckout }) {
  const { data: school } = useSchool();
  const outcome = useSandboxOutcome(checkout.reference);
  const [chosen, setChosen] = useState<SandboxOutcome | null>(null);
  const [error, setError] = useState<string | null>(null);
  const choices = outcomesFor(checkout);

  async function choose(next: SandboxOutcome) {
    setChosen(next);
    setError(null);
    try {
      const { return_url } = await outcome.mutateAsync(next);
      // Back to the school; the buttons stay busy while the browser leaves.
      window.location.assign(return_url);
    } catch (failure) {
      setChosen(null);
      setError(readServerError(failure, []).banner);
    }
  }

  const rows: [string, string | null][] = [
    ['Description', checkout.description],
    ['Amount', peso(checkout.amount)],
    ['Mode', modeLabels[checkout.mode as PaymentMode] ?? checkout.mode],
    ['Channel', checkout.channel],
    ['Reference code', checkout.ref_code],
    ['Expires', checkout.expires_at && school ? dateTimeIn(checkout.expires_at, school.time_zone) : null],
  ];
  return (
    <>
      <h1>{checkout.merchant}</h1>
      <DetailLines rows={rows} />
      {checkout.status !== 'open' && (
        <p className="banner banner-warning" role="status">
          {settled[checkout.status]}
        </p>
      )}
      <FormBanner message={error} />
      {choices.length > 0 && (
        <div className="sandbox-actions">
          {choices.map((choice) => (
            <Button key={choice} label={buttons[choice].label} variant={buttons[choice].variant} disabled={chosen !== null} busy={chosen === choice} onClick={() => choose(choice)} />
          ))}
        </div>
      )}
    </>
  );
}
