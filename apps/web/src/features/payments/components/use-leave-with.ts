import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { sessionMessages } from '@school/shared/auth/messages';
import { notify } from '@/components/toast';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-error';

/**
 * Why a transaction's page cannot show it: a missing or refused id is an invalid one (spec 3 §8), a server
 * failure says so; an expired session says nothing here, as the logout has its own message.
 */
export function txnProblem(txnId: number | null, error: unknown): string | null {
  if (txnId === null) return 'Invalid Transaction ID';
  if (!error || (error instanceof ApiError && error.status === 401)) return null;
  return error instanceof ApiError && error.status < 500 ? 'Invalid Transaction ID' : sessionMessages.genericServerError;
}

/** A page that cannot show what its address names says why in a toast and goes home (spec 3 §8). */
export function useLeaveWith(message: string | null) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!message) return;
    notify.error(message);
    navigate(paths.home, { replace: true });
  }, [message, navigate]);
}
