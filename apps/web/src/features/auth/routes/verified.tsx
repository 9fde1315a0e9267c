import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { serverMessages } from '@school/shared/auth/messages';
import { Navigate, useSearchParams } from 'react-router';
import { Button } from '@/components/button';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { authModal } from '@/lib/auth-modal';
import { useSession } from '@/lib/session';
import { verifyEmail } from '../api/auth-calls';
import { readServerError } from '@/lib/server-errors';

/** The landing of the verification link: confirms the key, then on to the profile with the banner. */
export function Verified() {
  const [params] = useSearchParams();
  const key = params.get('key');
  const session = useSession();
  const queryClient = useQueryClient();
  const result = useQuery({ queryKey: ['verify-email', key], queryFn: () => verifyEmail(key!), enabled: Boolean(key), retry: false, staleTime: Infinity });

  useEffect(() => {
    if (result.isSuccess) queryClient.invalidateQueries({ queryKey: ['profile'] });
  }, [result.isSuccess, queryClient]);

  if (key && result.isPending) return <main className="container page-center"><Loading label="Verifying your email" /></main>;
  // A link without a key proves nothing: it gets the same outcome as a bad key.
  if (!key || result.isError) {
    return (
      <main className="container page-center">
        <h1>Email verification</h1>
        <p className="banner banner-error" role="alert">
          {key ? readServerError(result.error, []).banner : serverMessages.verifyLinkInvalid}
        </p>
      </main>
    );
  }
  if (session) return <Navigate to={`${paths.student('profile')}?verified=1`} replace />;
  return (
    <main className="container page-center">
      <h1>Your email is verified</h1>
      <p>Log in to complete your profile and enrol in courses.</p>
      <Button label="Login" onClick={() => authModal.open('login', { redirect: `${paths.student('profile')}?verified=1` })} />
    </main>
  );
}
