import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { authModal } from '@/lib/auth-modal';

/** The link from the reset e-mail: opens the reset form over the landing page. */
export function ResetRoute() {
  const { token = '' } = useParams();
  useEffect(() => {
    authModal.open('reset', { resetToken: token });
  }, [token]);
  return <Navigate to={paths.home} replace />;
}
