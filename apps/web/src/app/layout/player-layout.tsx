import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { Loading } from '@/components/loading';
import { Toaster } from '@/components/toaster';
import { paths } from '@/config/paths';
import { useSchool } from '@/lib/school';
import { useSession } from '@/lib/session';
import { applySchoolColor } from '@/lib/theme';
import { useUnauthorizedLogout } from '../logout';

/** The course player's frame, outside the common layout (spec 2 §2): the school's colour, a session, toasts. */
export function PlayerLayout() {
  const session = useSession();
  const school = useSchool();
  useUnauthorizedLogout();

  useEffect(() => {
    if (!school.data) return;
    applySchoolColor(school.data.primary_color);
    document.title = school.data.name;
  }, [school.data]);

  if (!session) return <Navigate to={paths.home} replace />;
  return (
    <>
      {school.isPending ? <Loading /> : <Outlet />}
      <Toaster />
    </>
  );
}
