import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { sessionMessages } from '@school/shared/auth/messages';
import { notify } from '@/components/toast';
import { paths } from '@/config/paths';
import { logout as logoutCall } from '@/features/auth/api/auth-calls';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { clearSession, getSession } from '@/lib/session';

function useEndSession() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (message: string) => {
      clearSession();
      queryClient.removeQueries({ queryKey: ['profile'] });
      navigate(paths.home);
      notify.info(message);
    },
    [navigate, queryClient],
  );
}

/** Logout (spec 1 §4): revoke the token, clear ids and role then the token, go home, say so. */
export function useLogout() {
  const endSession = useEndSession();
  return useCallback(async () => {
    if (getSession()) await logoutCall().catch(() => undefined);
    endSession(sessionMessages.loggedOut);
  }, [endSession]);
}

/** Any 401 while holding a token ends the session with the spec's message. */
export function useUnauthorizedLogout() {
  const endSession = useEndSession();
  useEffect(() => {
    setUnauthorizedHandler(() => endSession(sessionMessages.sessionExpired));
  }, [endSession]);
}
