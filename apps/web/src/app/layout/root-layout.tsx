import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Loading } from '@/components/loading';
import { Toaster } from '@/components/toaster';
import { paths } from '@/config/paths';
import { AnnouncementModal } from '@/features/school/components/announcement-modal';
import { useSchool } from '@/lib/school';
import { applySchoolColor } from '@/lib/theme';
import { useUnauthorizedLogout } from '../logout';
import { AuthModalSlot } from './auth-modal-slot';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { NavbarFrame } from './navbar-frame';
import { ToNotFound } from './to-not-found';
import { useBrowserRedirect } from './use-browser-redirect';
import { useScrollToTop } from './use-scroll-to-top';
import { VerifiedBanner } from './verified-banner';

/** The school shell: navigation, the page, footer, and the modals any page may open. */
export function RootLayout() {
  const { pathname } = useLocation();
  const school = useSchool();
  const browserRedirect = useBrowserRedirect();
  useUnauthorizedLogout();
  useScrollToTop();

  useEffect(() => {
    if (!school.data) return;
    applySchoolColor(school.data.primary_color);
    document.title = school.data.name;
    const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (icon && school.data.logo) icon.href = school.data.logo;
  }, [school.data]);

  if (browserRedirect) return browserRedirect;
  // No school, unknown or not answered (any failure of the lookup): the not-found page, without a shell to
  // brand (spec 1 §8). A failed refetch keeps the school already shown.
  if (school.isError && !school.data && pathname !== paths.notFound) return <ToNotFound />;

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
