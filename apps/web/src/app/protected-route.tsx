import { Navigate, Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';

/** Login-required routes send a visitor without a session to / (spec 3 §2). */
export function ProtectedRoute() {
  const session = useSession();
  return session ? <Outlet /> : <Navigate to={paths.home} replace />;
}
