import { Navigate } from 'react-router';
import { PageHeader } from '@/components/breadcrumb';
import { paths } from '@/config/paths';
import { useSchool } from '@/lib/school';

/** The school's own FAQ page in a frame; a school without one has no /faqs (spec 1 §2). */
export function Faqs() {
  const { data: school } = useSchool();
  if (!school) return null;
  if (!school.faq_url) return <Navigate to={paths.notFound} replace />;
  return (
    <main>
      <PageHeader title="Frequently Asked Questions" cover={school.cover} trail={[{ label: 'Home', to: paths.home }, { label: 'Frequently Asked Questions' }]} />
      <div className="container">
        <iframe className="faq-frame" src={school.faq_url} title={`${school.name} frequently asked questions`} />
      </div>
    </main>
  );
}
