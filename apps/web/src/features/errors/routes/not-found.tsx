import { Link } from 'react-router';
import { serverMessages } from '@school/shared/auth/messages';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-error';
import { queryClient } from '@/lib/query-client';
import { schoolQueryOptions } from '@/lib/school';

export function NotFound() {
  // Without a school (its lookup failed, perhaps for a moment) the way back loads the site afresh, asking again.
  // Read, not watched: a watching page would ask again at once, and the layout would take it away meanwhile.
  const school = queryClient.getQueryData(schoolQueryOptions().queryKey);
  const failure = queryClient.getQueryState(schoolQueryOptions().queryKey)?.error;
  const label = 'Back to the school dashboard';
  // A school the platform deactivated: its site says so, and offers no way in.
  if (!school && failure instanceof ApiError && failure.body?.code === 'school_unavailable') {
    return (
      <main className="container page-center">
        <h1>{serverMessages.schoolUnavailable}</h1>
      </main>
    );
  }
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
