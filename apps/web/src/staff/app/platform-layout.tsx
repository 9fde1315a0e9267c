import { useEffect } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { Loading } from '@/components/loading';
import { LoadError } from '@/components/load-error';
import { ThemeToggle } from '@/components/theme-toggle';
import { Toaster } from '@/components/toaster';
import { ApiError } from '@/lib/api-error';
import { clearSession, useSession } from '@/lib/session';
import { platformPaths } from '../config/staff-paths';
import { usePlatformSchools } from '../features/platform/api/platform-calls';
import { PlatformLogin } from '../features/platform/components/platform-login';
import '../staff-console.css';

export const platformConsoleMessages = {
  notAdministrator: "The platform console is for the platform's administrators.",
  notHere: "The platform console answers on the platform's own address only.",
} as const;

/**
 * The platform's console frame (/admin), outside every school's layout: the platform's host may belong to no
 * school. Its administrators (SU) log in here and run every school; anybody else is told, and so is a visit on a
 * school's own address, where the console's calls answer 404.
 */
export function PlatformLayout() {
  const session = useSession();
  const isAdministrator = session?.role === 'SU';
  // The first page of schools, shared with the list: it tells whether the console answers here at all.
  const probe = usePlatformSchools({ state: 'all', page: 1 }, isAdministrator);
  const status = probe.error instanceof ApiError ? probe.error.status : null;

  useEffect(() => {
    document.title = 'Platform console';
  }, []);
  // A lapsed or revoked token: logged out, and asked to log in again.
  useEffect(() => {
    if (status === 401) clearSession();
  }, [status]);

  return (
    <>
      <PlatformFrame session={session !== null && status !== 401} isAdministrator={isAdministrator} probe={probe} status={status} />
      <Toaster />
    </>
  );
}

function PlatformFrame({ session, isAdministrator, probe, status }: { session: boolean; isAdministrator: boolean; probe: ReturnType<typeof usePlatformSchools>; status: number | null }) {
  if (!session) return <PlatformLogin />;
  const refusal = !isAdministrator ? platformConsoleMessages.notAdministrator : status === 404 ? platformConsoleMessages.notHere : null;
  if (refusal || probe.isError) {
    return (
      <main className="container console-refusal">
        {refusal ? (
          <p className="banner banner-error" role="alert">
            {refusal} <a href="/">Back to the site</a>
          </p>
        ) : (
          <LoadError what="The platform console" retry={() => void probe.refetch()} />
        )}
      </main>
    );
  }
  if (!probe.data) return <Loading />;

  return (
    <div className="console">
      <a href="#console-main" className="skip-link">
        Skip to content
      </a>
      <aside className="console-side">
        <div className="console-brand">
          <span>Platform</span>
        </div>
        <nav aria-label="Platform console">
          <ul>
            <li>
              <NavLink to={platformPaths.schools} end>
                Schools
              </NavLink>
            </li>
          </ul>
        </nav>
        <div className="console-side-foot">
          <Link to="/">View site</Link>
          <ThemeToggle />
        </div>
      </aside>
      <main id="console-main" className="console-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
