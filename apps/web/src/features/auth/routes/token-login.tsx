import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { sessionMessages } from '@school/shared/auth/messages';
import { Loading } from '@/components/loading';
import { notify } from '@/components/toast';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import type { Profile } from '@school/shared/auth/profile';
import { redirectPath } from '@/lib/redirect';
import { clearSession, saveSession, saveToken } from '@/lib/session';

/**
 * /auth/{token}: "View Course" from another school's site lands here with the user's token
 * (DECISIONS.md). Store it, load the profile, then go on; a bad token clears everything.
 */
export function TokenLogin() {
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const redirect = params.get('redirect');

  useEffect(() => {
    let cancelled = false;
    saveToken(token);
    api<Profile>('/account/profile/', { handleUnauthorized: false })
      .then(async (profile) => {
        if (cancelled) return;
        saveSession({ token, userId: profile.student_id ?? profile.id, studentId: profile.id, role: profile.role });
        await queryClient.invalidateQueries();
        navigate(redirectPath(redirect, paths.courses), { replace: true });
      })
      .catch(() => {
        if (cancelled) return;
        clearSession();
        notify.error(sessionMessages.invalidToken);
        navigate(paths.home, { replace: true });
      });
    return () => {
      cancelled = true;
    };
  }, [token, redirect, navigate, queryClient]);

  return (
    <main className="container page-center">
      <Loading label="Loading" />
    </main>
  );
}
