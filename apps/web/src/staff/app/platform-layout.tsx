import { useEffect } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { Loading } from '@/components/loading';
import { LoadError } from '@/components/load-error';
import { ThemeToggle } from '@/components/theme-toggle';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-error';
import { useSession } from '@/lib/session';
import { platformPaths } from '../config/staff-paths';
import { usePlatformSchools } from '../features/platform/api/platform-calls';
import '../staff-console.css';

export const platformConsoleMessages = {
  notAdministrator: "The platform console is for the platform's administrators.",
  notHere: "The platform console answers on the platform's own address only.",
} as const;

/**
 * The platform's console frame (/admin): its administrators (SU) run every school from here. Anybody else is
 * told, and so is a visit on a school's own address, where the console's calls answer 404.
 */
export function PlatformLayout() {
  const session = useSession();
  const isAdministrator = session?.role === 'SU';
  // The first page of schools, shared with the list: it tells whether the console answers here at all.
  const probe = usePlatformSchools({ state: 'all', page: 1 }, isAdministrator);

  useEffect(() => {
    document.title = 'Platform console';
  }, []);

  const refusal = !isAdministrator ? platformConsoleMessages.notAdministrator : probe.error instanceof ApiError && probe.error.status === 404 ? platformConsoleMessages.notHere : null;
  if (refusal || probe.isError) {
    return (
      <main className="container console-refusal">
        {refusal ? (
          <p className="banner banner-error" role="alert">
            {refusal} <Link to={paths.home}>Back to the site</Link>
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
          <Link to={paths.home}>View site</Link>
          <ThemeToggle />
        </div>
      </aside>
      <main id="console-main" className="console-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
