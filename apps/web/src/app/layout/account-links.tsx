import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useLogout } from '../logout';

/** The account entries of spec 1 §2, as list items: the avatar dropdown and the mobile menu show the same. */
export function AccountLinks() {
  const session = useSession();
  const logout = useLogout();
  return (
    <>
      <li>
        <Link to={paths.student('profile')}>My Profile</Link>
      </li>
      {session?.role === 'ST' && (
        <>
          <li>
            <Link to={paths.student('courses')}>My Courses</Link>
          </li>
          <li>
            <Link to={paths.student('classes')}>My Classes</Link>
          </li>
          <li>
            <Link to={paths.student('certificates')}>My Certificates</Link>
          </li>
        </>
      )}
      {(session?.role === 'SA' || session?.role === 'SU') && (
        <li>
          <Link to={paths.kycReviews}>ID Verification Reviews</Link>
        </li>
      )}
      <li>
        <button type="button" className="link" onClick={logout}>
          Logout
        </button>
      </li>
    </>
  );
}
