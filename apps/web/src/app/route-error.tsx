import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { paths } from '@/config/paths';

/** Every route's error boundary: a page that failed to render or load never leaves a blank screen. */
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
