import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { sessionMessages } from '@school/shared/auth/messages';
import { REGISTRATION_REDIRECT_MS } from '@school/shared/ui/badge';
import { paths } from '@/config/paths';
import { authModal } from '@/lib/auth-modal';
import { redirectPath } from '@/lib/redirect';
import { getSchool } from '@/lib/school';
import { saveSession, sessionFromToken } from '@/lib/session';
import { socialLogin, socialSignup } from '../api/auth-calls';
import { readServerError } from '@/lib/server-errors';
import { readSocialCallback } from '../social-sign-in';
import { Loading } from '@/components/loading';

/** /login opens the login modal; it is also where a social provider sends the browser back. */
export function LoginRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const callback = useRef(readSocialCallback(window.location.hash));
  const redirect = params.get('redirect') ? redirectPath(params.get('redirect'), paths.home) : undefined;

  useEffect(() => {
    const social = callback.current;
    if (!social) {
      authModal.open('login', { redirect });
      return;
    }
    (async () => {
      try {
        const response =
          social.mode === 'login'
            ? await socialLogin(social.provider, social.token, social.remember)
            : await socialSignup(social.provider, social.token, (await getSchool()).id);
        saveSession(sessionFromToken(response), social.remember);
        await queryClient.invalidateQueries();
        if (social.mode === 'signup') {
          authModal.succeed('social', { form: 'signup' });
          window.setTimeout(() => navigate(paths.student('profile'), { replace: true }), REGISTRATION_REDIRECT_MS);
        } else {
          navigate(redirect ?? paths.home, { replace: true });
        }
      } catch (error) {
        authModal.open(social.mode, { error: readServerError(error, []).banner ?? sessionMessages.genericServerError });
        navigate(paths.home, { replace: true });
      }
    })();
  }, [navigate, queryClient, redirect]);

  return callback.current ? <Loading /> : <Navigate to={paths.home} replace />;
}
