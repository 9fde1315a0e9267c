import { useLayoutEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import type { AccountTab } from '@school/shared/account/tabs';
import type { Profile } from '@school/shared/auth/profile';
import { paths } from '@/config/paths';
import { useKycStatus } from '@/lib/kyc-status';

/** Which tabs still need the user's attention (spec 1 §2 status icons). */
function needsAttention(slug: string, profile: Profile, idsVerified: boolean): boolean {
  switch (slug) {
    case 'profile':
      return profile.step === '1';
    case 'mcle-profile':
      return !profile.info_submitted;
    case 'authenticate-id':
      return !idsVerified;
    case 'email':
      return !profile.is_verified;
    default:
      return false;
  }
}

/** Scrolls a row of tabs sideways (the phone's tab bar) so that the open one is in its middle; the page stays put. */
function useOpenTabInView() {
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    const row = list.current;
    const open = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !open) return;
    const offset = open.getBoundingClientRect().left - row.getBoundingClientRect().left;
    row.scrollLeft += offset - (row.clientWidth - open.offsetWidth) / 2;
  }, [pathname]);
  return list;
}

export function TabNav({ tabs, profile }: { tabs: AccountTab[]; profile: Profile }) {
  // Read only where the tab is shown; until it is known, the tab warns.
  const kyc = useKycStatus(tabs.some((tab) => tab.slug === 'authenticate-id'));
  const idsVerified = kyc.data?.complete ?? false;
  const list = useOpenTabInView();
  return (
    <nav aria-label="Account" className="account-tabs">
      <ul ref={list}>
        {tabs.map((tab) => {
          const warn = needsAttention(tab.slug, profile, idsVerified);
          return (
            <li key={tab.slug}>
              <NavLink to={paths.student(tab.slug)}>
                <span>{tab.label}</span>
                {warn && (
                  <span className="tab-warning" role="img" aria-label="needs attention" title="Needs attention">
                    !
                  </span>
                )}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
