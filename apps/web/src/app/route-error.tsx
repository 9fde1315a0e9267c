import { useQueryClient } from '@tanstack/react-query';
import { Link, isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router';
import { LoadError } from '@/components/load-error';
import { paths } from '@/config/paths';
import { PageLoadError } from './lazy-page';

/** A layout's error boundary: a layout that failed to render never leaves a blank screen. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="container page-center" role="alert">
      <h1>{notFound ? "Oh snap, We can't find the page you are looking for!" : 'Something went wrong.'}</h1>
      <p>{notFound ? null : 'Please reload the page. If it keeps happening, contact the school.'}</p>
      <Link to={paths.home} className="btn btn-primary" reloadDocument>
        Back to the school dashboard
      </Link>
    </main>
  );
}

/**
 * A page's error boundary, inside its layout: the navigation and footer stay, and Try again asks once more (spec 1
 * §4's failed loads). Requests that failed start afresh; a page whose code failed to arrive needs a reload.
 */
export function PageError() {
  const error = useRouteError();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname, search, hash, state } = useLocation();
  const retry = () => {
    if (error instanceof PageLoadError) {
      window.location.reload();
      return;
    }
    void queryClient.resetQueries({ predicate: (query) => query.state.status === 'error' });
    // The same address again: a new location, which the router's boundary takes as the page's cue to render afresh.
    void navigate(`${pathname}${search}${hash}`, { replace: true, state });
  };
  return (
    <main className="container page-center">
      <h1>This page could not be loaded.</h1>
      <LoadError message="Check your internet connection, then try again." retry={retry} />
    </main>
  );
}
