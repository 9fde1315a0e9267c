import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Loading } from '@/components/loading';
import { Toaster } from '@/components/toaster';
import { paths } from '@/config/paths';
import { AnnouncementModal } from '@/features/school/components/announcement-modal';
import { ApiError } from '@/lib/api-error';
import { useSchool } from '@/lib/school';
import { applySchoolColor } from '@/lib/theme';
import { isSupportedBrowser } from '@/lib/browser-support';
import { useUnauthorizedLogout } from '../logout';
import { AuthModalSlot } from './auth-modal-slot';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { NavbarFrame } from './navbar-frame';
import { VerifiedBanner } from './verified-banner';

/** The school shell: navigation, the page, footer, and the modals any page may open. */
export function RootLayout() {
  const { pathname } = useLocation();
  const school = useSchool();
  useUnauthorizedLogout();

  // The window scrolls to the top on every route change (spec 1 §2). Braces: Chromium's scrollTo
  // now returns a promise, which React would take for a clean-up function.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  useEffect(() => {
    if (!school.data) return;
    applySchoolColor(school.data.primary_color);
    document.title = school.data.name;
    const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (icon && school.data.logo) icon.href = school.data.logo;
  }, [school.data]);

  if (!isSupportedBrowser() && pathname !== paths.infoPage) return <Navigate to={paths.infoPage} replace />;
  // An unknown school has no site: the not-found page, without a shell to brand (spec 1 §8).
  if (school.error instanceof ApiError && school.error.status === 404 && pathname !== paths.notFound) {
    return <Navigate to={paths.notFound} replace />;
  }

  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      {school.isPending ? <NavbarFrame /> : <Navbar school={school.data} />}
      <div id="main" tabIndex={-1}>
        <VerifiedBanner />
        {school.isPending ? <Loading /> : <Outlet />}
      </div>
      <Footer school={school.data} />
      <AuthModalSlot />
      {school.data && <AnnouncementModal school={school.data} />}
      <Toaster />
    </>
  );
}
