import { initials } from '@school/shared/ui/initials';
import { useProfile } from '@/lib/profile';
import { AccountLinks } from './account-links';
import { useDisclosure } from './use-disclosure';

/** The avatar (photo, or initials) and its menu (spec 1 §2). */
export function UserMenu() {
  const { data: profile } = useProfile();
  const { open, setOpen, ref } = useDisclosure<HTMLDivElement>();
  const name = profile?.full_name || profile?.username || '';

  return (
    <div className="dropdown" ref={ref}>
      {/* Named by its content, so that the name holds the initials it shows (WCAG 2.5.3): "Account menu for … MR". */}
      <button type="button" className="avatar-btn" aria-expanded={open} aria-controls={open ? 'user-menu' : undefined} onClick={() => setOpen(!open)}>
        <span className="visually-hidden">Account menu{name ? ` for ${name}` : ''}</span>{' '}
        {profile?.photo ? <img src={profile.photo} alt="" className="avatar" /> : <span className="avatar avatar-initials">{profile ? initials(profile.full_name, profile.username) : ''}</span>}
      </button>
      {open && (
        <ul id="user-menu" className="dropdown-menu" onClick={() => setOpen(false)}>
          {name && <li className="dropdown-header">{name}</li>}
          <AccountLinks />
        </ul>
      )}
    </div>
  );
}
