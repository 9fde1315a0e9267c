import { Link, useLocation, useSearchParams } from 'react-router';
import { sessionMessages } from '@school/shared/auth/messages';
import { paths } from '@/config/paths';
import { useProfile } from '@/lib/profile';

/** ?verified=1 on /student/profile or /courses, for a logged-in verified user (spec 1 §2). */
export function VerifiedBanner() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const { data: profile } = useProfile();
  const onPage = pathname === paths.student('profile') || pathname === paths.courses;
  if (params.get('verified') !== '1' || !onPage || !profile?.is_verified) return null;
  return (
    <div className="banner banner-success container" role="status">
      <Link to={paths.student('profile')}>{sessionMessages.verifiedBanner}</Link>
    </div>
  );
}
