import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { queryClient } from '@/lib/query-client';
import { schoolQueryOptions } from '@/lib/school';

export function NotFound() {
  // Without a school (its lookup failed, perhaps for a moment) the way back loads the site afresh, asking again.
  // Read, not watched: a watching page would ask again at once, and the layout would take it away meanwhile.
  const school = queryClient.getQueryData(schoolQueryOptions().queryKey);
  const label = 'Back to the school dashboard';
  return (
    <main className="container page-center">
      <p className="big-code" aria-hidden="true">
        404
      </p>
      <h1>Oh snap, We can't find the page you are looking for!</h1>
      {school ? (
        <Link to={paths.home} className="btn btn-primary">
          {label}
        </Link>
      ) : (
        <a href={paths.home} className="btn btn-primary">
          {label}
        </a>
      )}
    </main>
  );
}
