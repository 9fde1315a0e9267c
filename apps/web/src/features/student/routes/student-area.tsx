import { visibleTabs } from '@school/shared/account/tabs';
import { Navigate, NavLink, useParams } from 'react-router';
import { PageHeader } from '@/components/breadcrumb';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { useProfile } from '@/lib/profile';
import { useSchool } from '@/lib/school';

/** The account area's frame: header, tabs by role and school products; each tab's screen follows. */
export function StudentArea() {
  const { tab = 'profile' } = useParams();
  const { data: school } = useSchool();
  const profile = useProfile();
  if (!school || profile.isPending) return <Loading />;
  if (!profile.data) return <Navigate to={paths.home} replace />;
  const tabs = visibleTabs(profile.data.role, school.config.products);
  const current = tabs.find((t) => t.slug === tab);
  if (!current) return <Navigate to={paths.notFound} replace />;
  const user = profile.data;
  return (
    <main>
      <PageHeader title={current.label} cover={school.cover} trail={[{ label: 'Home', to: paths.home }, { label: current.label }]} />
      <div className="container account">
        <section className="account-header" aria-label="Account summary">
          <h2>{user.full_name || user.username}</h2>
          <p>{user.email}</p>
        </section>
        <div className="account-body">
          <nav aria-label="Account" className="account-tabs">
            <ul>
              {tabs.map((t) => (
                <li key={t.slug}>
                  <NavLink to={paths.student(t.slug)}>{t.label}</NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <section className="account-panel" aria-labelledby="panel-title">
            <h2 id="panel-title">{current.label}</h2>
            <p>This part of your account is not available yet.</p>
          </section>
        </div>
      </div>
    </main>
  );
}
