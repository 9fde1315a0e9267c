import { useEffect } from 'react';
import type { Profile } from '@school/shared/auth/profile';
import type { School } from '@school/shared/school/schemas';
import { LoadError } from '@/components/load-error';
import { Loading } from '@/components/loading';
import { useKycStatus } from '@/lib/kyc-status';
import { useKycTemplates } from '../api/kyc-calls';
import { afterVerification } from './after-verification';
import { KycForm } from './kyc-form';
import { KycStanding } from './kyc-standing';
import { KycSummary } from './kyc-summary';
import { keepManualLock } from './manual-lock';
import { useVerifiedRedirect } from './use-verified-redirect';
import './authenticate-id.css';

/**
 * Authenticate ID (spec 1 §2, §4, §5): where the verification stands, and the IDs and selfie to send while
 * nothing is being checked or reviewed; the status is read again every 2 s while the automatic check runs.
 */
export function AuthenticateId({ profile, school }: { profile: Profile; school: School }) {
  const status = useKycStatus(true, true);
  const templates = useKycTemplates();
  useVerifiedRedirect(status.data, afterVerification(profile, school.config.products));
  const lockedUntil = status.data?.manual_locked_until ?? null;
  useEffect(() => {
    if (status.isSuccess) keepManualLock(profile.id, lockedUntil);
  }, [status.isSuccess, profile.id, lockedUntil]);

  if (status.isPending || templates.isPending) return <Loading />;
  if (status.isError || templates.isError) {
    return (
      <LoadError
        what="Your identity verification"
        retry={() => {
          void status.refetch();
          void templates.refetch();
        }}
      />
    );
  }
  const current = status.data;
  // New IDs go in while nothing is being checked or reviewed and the verification is not complete.
  const editable = !current.complete && current.status !== 'pending' && current.status !== 'manual';
  return (
    <div className="kyc">
      <KycStanding status={current} school={school} templates={templates.data} editable={editable} />
      {editable ? <KycForm status={current} school={school} templates={templates.data} /> : <KycSummary status={current} templates={templates.data} />}
    </div>
  );
}
