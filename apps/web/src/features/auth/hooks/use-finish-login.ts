import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { TokenResponse } from '@school/shared/auth/schemas';
import { authModal } from '@/lib/auth-modal';
import { saveSession, sessionFromToken } from '@/lib/session';

/** What every login in the modal does with its session: store it, close the modal, reload the page's data. */
export function useFinishLogin(redirect: string | undefined) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (response: TokenResponse, remember: boolean) => {
    saveSession(sessionFromToken(response), remember);
    authModal.close();
    // Reload what the page shows, now with the user's own data (spec 1 §4).
    await queryClient.invalidateQueries();
    if (redirect) navigate(redirect);
  };
}
