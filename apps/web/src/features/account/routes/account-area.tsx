import { visibleTabs } from '@school/shared/account/tabs';
import { lazy, Suspense } from 'react';
import { Navigate, useParams } from 'react-router';
import { PageHeader } from '@/components/breadcrumb';
import { LoadError } from '@/components/load-error';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-error';
import { useSchool } from '@/lib/school';
import { useAccount, useMcleProfile } from '../api/account-calls';
import { useCountries, useIbpChapters, useLawSchools, useRegions } from '@/lib/lookups';
import { AccountHeader } from '../components/account-header';
import { AptWallet } from '../components/apt-wallet';
import { AuthenticateId } from '../components/authenticate-id';
import { ChangePasswordForm, EmailSettings } from '../components/account-panels';
import { BasicProfileForm } from '../components/basic-profile-form';
import { MailPreferences } from '../components/mail-preferences';
import { McleProfileForm } from '../components/mcle-profile-form';
import { MyCertificates } from '../components/my-certificates';
import { MyCourses } from '../components/my-courses';
import { TabNav } from '../components/tab-nav';
import '../account-area.css';

/** The calendar (FullCalendar and its styles) loads with the My Classes tab only. */
const MyClasses = lazy(() => import('../components/my-classes').then((m) => ({ default: m.MyClasses })));
/** The compliance chart (recharts) loads with the MCLE Compliance tab only. */
const ComplianceTracker = lazy(() => import('../components/compliance-tracker').then((m) => ({ default: m.ComplianceTracker })));

/** Forms start once their choices are loaded, so that saved values find their options. */
function McleTab(props: Omit<Parameters<typeof McleProfileForm>[0], 'saved'>) {
  const saved = useMcleProfile();
  const lookups = [useRegions(), useIbpChapters(), useLawSchools()];
  if (saved.isPending || lookups.some((l) => l.isPending)) return <Loading />;
  return <McleProfileForm {...props} saved={saved.data ?? null} />;
}

function ProfileTab(props: Parameters<typeof BasicProfileForm>[0]) {
  const countries = useCountries();
  if (countries.isPending) return <Loading />;
  return <BasicProfileForm {...props} />;
}

/** /student/{tab}: the account header, the tabs by role and school products, and the tab's screen. */
export function AccountArea() {
  const { tab } = useParams();
  const { data: school } = useSchool();
  const account = useAccount();
  if (!school || account.isPending) return <Loading />;
  if (!account.data) {
    // A 401 or 404 has ended the session (api-client): home, as every login-required route. Any other failure
    // (a server error, the network) may pass, so the page says so and asks again (spec 1 §4).
    if (account.error instanceof ApiError && (account.error.status === 401 || account.error.status === 404)) return <Navigate to={paths.home} replace />;
    return (
      <main className="container page-center">
        <LoadError what="Your account" retry={() => void account.refetch()} />
      </main>
    );
  }
  const profile = account.data;
  const tabs = visibleTabs(profile.role, school.config.products);
  const current = tabs.find((t) => t.slug === tab);
  // No tab, an unknown one, or one this user does not have (a product the school lacks): the default tab,
  // profile, which everyone has (spec 1 §2, docs/decisions.md).
  if (!current) return <Navigate to={paths.student()} replace />;

  return (
    <main>
      <PageHeader title={current.label} cover={school.cover} trail={[{ label: 'Home', to: paths.home }, { label: current.label }]} />
      <div className="container account">
        <AccountHeader profile={profile} />
        <div className="account-body">
          <TabNav tabs={tabs} profile={profile} />
          <section className="account-panel" aria-labelledby="panel-title">
            <h2 id="panel-title">{current.label}</h2>
            {current.slug === 'profile' && <ProfileTab key={profile.id} profile={profile} school={school} />}
            {current.slug === 'mcle-profile' && <McleTab profile={profile} school={school} />}
            {current.slug === 'email' && (
              <>
                <EmailSettings profile={profile} />
                <MailPreferences />
              </>
            )}
            {current.slug === 'change-password' && <ChangePasswordForm />}
            {current.slug === 'courses' && <MyCourses />}
            {current.slug === 'classes' && (
              <Suspense fallback={<Loading />}>
                <MyClasses />
              </Suspense>
            )}
            {current.slug === 'certificates' && <MyCertificates />}
            {current.slug === 'compliance' && (
              <Suspense fallback={<Loading />}>
                <ComplianceTracker />
              </Suspense>
            )}
            {current.slug === 'authenticate-id' && <AuthenticateId profile={profile} school={school} />}
            {current.slug === 'apt-wallet' && <AptWallet school={school} />}
          </section>
        </div>
      </div>
    </main>
  );
}
