import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { Loading } from '@/components/loading';
import { Toaster } from '@/components/toaster';
import { paths } from '@/config/paths';
import { useSchool } from '@/lib/school';
import { useSession } from '@/lib/session';
import { applySchoolColor } from '@/lib/theme';
import { useUnauthorizedLogout } from '../logout';
import { useBrowserRedirect } from './use-browser-redirect';
import { ToNotFound } from './to-not-found';
import { useScrollToTop } from './use-scroll-to-top';

/**
 * The frame of the pages outside the common layout, the course player's (spec 2 §2) and the staff console's: the
 * school's colour, a session, toasts.
 */
export function PlayerLayout() {
  const session = useSession();
  const school = useSchool();
  const browserRedirect = useBrowserRedirect();
  useUnauthorizedLogout();
  useScrollToTop();

  useEffect(() => {
    if (!school.data) return;
    applySchoolColor(school.data.primary_color);
    document.title = school.data.name;
  }, [school.data]);

  if (browserRedirect) return browserRedirect;
  // As in the common layout: no school to show, the not-found page (spec 1 §8).
  if (school.isError && !school.data) return <ToNotFound />;
  if (!session) return <Navigate to={paths.home} replace />;
  return (
    <>
      {school.isPending ? <Loading /> : <Outlet />}
      <Toaster />
    </>
  );
}
