import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { kycMessages } from '@school/shared/kyc/rules';
import type { KycStatus } from '@school/shared/kyc/schemas';
import { notify } from '@/components/toast';

/**
 * When a check this page has watched ends verified, says so and moves on to `next` (spec 1 §4 'KYC upload
 * success'). A student who opens the tab already verified stays on it.
 */
export function useVerifiedRedirect(status: KycStatus | undefined, next: string) {
  const navigate = useNavigate();
  const watched = useRef(false);
  useEffect(() => {
    if (!status) return;
    if (status.status === 'pending') watched.current = true;
    else if (watched.current) {
      watched.current = false;
      if (status.complete) {
        notify.success(kycMessages.fullyVerified);
        navigate(next);
      }
    }
  }, [status, next, navigate]);
}
