import { useEffect, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import type { School } from '@school/shared/school/schemas';
import { HEADER_PIN_OFFSET } from '@school/shared/ui/badge';
import { Image } from '@/components/image';
import { paths } from '@/config/paths';
import { HowToButton } from '@/features/school/components/how-to-button';
import { authModal } from '@/lib/auth-modal';
import { useSession } from '@/lib/session';
import { AccountLinks } from './account-links';
import { ThemeToggle } from '@/components/theme-toggle';
import { UserMenu } from './user-menu';
import { NotificationBell } from './notification-bell';

/**
 * The school's navigation bar (spec 1 §2), pinned once scrolled past 220 px. On narrow screens the mobile
 * menu carries the links, the account entries and the dark mode switch, so the bar fits 360 px.
 */
export function Navbar({ school }: { school: School | undefined }) {
  const session = useSession();
  const [pinned, setPinned] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);

  const sentinel = useRef<HTMLDivElement>(null);

  // An observer of a mark 220 px down the page, not a scroll listener: reading scrollY as the page is built
  // forced a layout of the whole page on every load.
  useEffect(() => {
    const mark = sentinel.current;
    if (!mark) return;
    const observer = new IntersectionObserver(([entry]) => setPinned(Boolean(entry && !entry.isIntersecting && entry.boundingClientRect.top < 0)));
    observer.observe(mark);
    return () => observer.disconnect();
  }, []);

  const links = (
    <>
      <li>
        <NavLink to={paths.courses}>Courses</NavLink>
      </li>
      <li>
        <NavLink to={paths.bundles}>Course Bundles</NavLink>
      </li>
      {(school?.faq_page || school?.faq_url) && (
        <li>
          <NavLink to={paths.faqs}>FAQs</NavLink>
        </li>
      )}
      {session && (
        <li>
          <NavLink to={paths.forums}>Forums</NavLink>
        </li>
      )}
    </>
  );

  return (
    <>
      <div ref={sentinel} className="pin-mark" style={{ top: HEADER_PIN_OFFSET }} aria-hidden="true" />
      <header className={`navbar ${pinned ? 'is-pinned' : ''}`} data-pinned={pinned}>
        <div className="container navbar-inner">
          <Link to={paths.home} className="brand" aria-label={`${school?.name ?? 'School'} home`}>
            {school && <Image src={school.logo ?? undefined} alt="" width={40} height={40} />}
            <span className="brand-name">{school?.name}</span>
          </Link>
          <nav aria-label="Main" className="nav-main">
            <ul>{links}</ul>
          </nav>
          <div className="nav-actions">
            {school?.how_to_video && <HowToButton videoUrl={school.how_to_video} />}
            <ThemeToggle />
            {session ? (
              <>
                <NotificationBell />
                <UserMenu />
              </>
            ) : (
              <div className="nav-auth">
                <button type="button" className="btn btn-ghost" onClick={() => authModal.open('login')}>
                  Login
                </button>
                <button type="button" className="btn btn-primary" onClick={() => authModal.open('signup')}>
                  Sign up
                </button>
              </div>
            )}
            <button
              type="button"
              className="menu-toggle"
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
              aria-label={menuOpen ? 'Close menu' : 'Open menu'}
              onClick={() => setMenuOpen((open) => !open)}
            >
              <span aria-hidden="true">☰</span>
            </button>
          </div>
        </div>
        <nav id="mobile-menu" aria-label="Mobile" className="mobile-menu" hidden={!menuOpen} onClick={(event) => {
          // Following an entry closes the menu; an entry marked data-keep-menu (the dark mode switch) leaves it open.
          const entry = (event.target as HTMLElement).closest('a, button');
          if (entry && !entry.hasAttribute('data-keep-menu')) setMenuOpen(false);
        }}>
          <ul className="container">
            {links}
            {session && <AccountLinks />}
            <li className="menu-theme">
              <ThemeToggle variant="menu" />
            </li>
            {!session && (
              <>
                <li>
                  <button type="button" className="link" onClick={() => authModal.open('login')}>
                    Login
                  </button>
                </li>
                <li>
                  <button type="button" className="link" onClick={() => authModal.open('signup')}>
                    Sign up
                  </button>
                </li>
              </>
            )}
          </ul>
        </nav>
      </header>
    </>
  );
}
