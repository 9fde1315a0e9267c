import { Link } from 'react-router';
import { paths } from '@/config/paths';

export function NotFound() {
  return (
    <main className="container page-center">
      <p className="big-code" aria-hidden="true">
        404
      </p>
      <h1>Oh snap, We can't find the page you are looking for!</h1>
      <Link to={paths.home} className="btn btn-primary">
        Back to the school dashboard
      </Link>
    </main>
  );
}
