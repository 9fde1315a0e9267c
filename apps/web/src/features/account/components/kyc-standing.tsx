import { kycMessages } from '@school/shared/kyc/rules';
import type { KycStatus, KycTemplate } from '@school/shared/kyc/schemas';
import { dateTimeIn } from '@school/shared/school/dates';
import type { School } from '@school/shared/school/schemas';

/** What to do, shown while nothing waits for a decision (spec 1 §4 'otherwise the instructions are shown'). */
function Instructions({ primary }: { primary: string | null }) {
  return (
    <div className="kyc-instructions">
      <p>To verify your identity, choose the type of your ID, upload a clear photo of the whole ID (PNG or JPEG), and take a selfie with your camera.</p>
      {primary && <p>Your {primary} is enough on its own; any other ID needs a second ID with it.</p>}
    </div>
  );
}

/**
 * Where the verification stands, above the IDs (spec 1 §4): the server's sentence while a decision is awaited or
 * made, the check running, the manual submission's lock, what went wrong; the instructions whenever the student
 * has something to send.
 */
export function KycStanding({ status, school, templates, editable }: { status: KycStatus; school: School; templates: KycTemplate[]; editable: boolean }) {
  const primary = templates.find((t) => t.id === school.config.products.primary_id)?.template_name ?? null;
  const lock = status.manual_locked_until && `New submissions are locked until ${dateTimeIn(status.manual_locked_until, school.time_zone)}.`;
  if (!editable) {
    return (
      <div className="kyc-standing">
        {status.display && <p className={`banner ${status.complete ? 'banner-success' : 'banner-warning'}`}>{status.display}</p>}
        {status.status === 'pending' && (
          <p className="kyc-running" role="status">
            <span className="spinner" aria-hidden="true" /> We are checking your ID and selfie now. This page shows the result in a moment.
          </p>
        )}
        {status.status === 'manual' && (
          <p>
            {kycMessages.manualPending} {lock}
          </p>
        )}
      </div>
    );
  }
  return (
    <div className="kyc-standing">
      {status.status === 'failed' && (
        <p className="banner banner-error" role="alert">
          Your ID could not be verified automatically. Correct what is marked below, then submit again.
        </p>
      )}
      {status.status === 'rejected' && (
        <p className="banner banner-error" role="alert">
          Your ID was not verified: {status.reason}
        </p>
      )}
      {status.retry_limit_reached && <p className="banner banner-warning">{lock || kycMessages.retryLimit}</p>}
      <Instructions primary={primary} />
    </div>
  );
}
