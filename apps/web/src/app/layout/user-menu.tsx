import { initials } from '@school/shared/auth/profile';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useProfile } from '@/lib/profile';
import { useSession } from '@/lib/session';
import { useLogout } from '../logout';
import { useDisclosure } from './use-disclosure';

/** The avatar (photo, or initials) and its menu (spec 1 §2). */
export function UserMenu() {
  const session = useSession();
  const { data: profile } = useProfile();
  const logout = useLogout();
  const { open, setOpen, ref } = useDisclosure<HTMLDivElement>();
  const student = session?.role === 'ST';
  const name = profile?.full_name || profile?.username || '';

  return (
    <div className="dropdown" ref={ref}>
      <button type="button" className="avatar-btn" aria-expanded={open} aria-controls="user-menu" aria-label={`Account menu${name ? ` for ${name}` : ''}`} onClick={() => setOpen(!open)}>
        {profile?.photo ? <img src={profile.photo} alt="" className="avatar" /> : <span className="avatar avatar-initials">{profile ? initials(profile.full_name, profile.username) : ''}</span>}
      </button>
      {open && (
        <ul id="user-menu" className="dropdown-menu" onClick={() => setOpen(false)}>
          {name && <li className="dropdown-header">{name}</li>}
          <li>
            <Link to={paths.student('profile')}>My Profile</Link>
          </li>
          {student && (
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
          <li>
            <button type="button" className="link" onClick={logout}>
              Logout
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
