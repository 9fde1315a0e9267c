import { queryOptions, useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import type { School, SchoolFaq } from '@school/shared/school/schemas';
import { PageHeader } from '@/components/breadcrumb';
import { LoadError } from '@/components/load-error';
import { Loading } from '@/components/loading';
import { RichText } from '@/components/rich-text';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { useSchool } from '@/lib/school';

const faqQueryOptions = (schoolId: number) => queryOptions({ queryKey: ['school', schoolId, 'faq'], queryFn: () => api<SchoolFaq>(`/schools/${schoolId}/faq/`) });

/**
 * The school's FAQ: the questions it wrote in the console, or else its own page in a frame (spec 3 §FAQ); a school
 * with neither has no /faqs (spec 1 §2).
 */
export function Faqs() {
  const { data: school } = useSchool();
  if (!school) return null;
  if (!school.faq_page && !school.faq_url) return <Navigate to={paths.notFound} replace />;
  return (
    <main>
      <PageHeader title="Frequently Asked Questions" cover={school.cover} trail={[{ label: 'Home', to: paths.home }, { label: 'Frequently Asked Questions' }]} />
      <div className="container">{school.faq_page ? <WrittenFaq school={school} /> : <iframe className="faq-frame" src={school.faq_url!} title={`${school.name} frequently asked questions`} />}</div>
    </main>
  );
}

function WrittenFaq({ school }: { school: School }) {
  const faq = useQuery(faqQueryOptions(school.id));
  if (faq.isError) return <LoadError what="The questions" retry={() => void faq.refetch()} />;
  if (!faq.data) return <Loading />;
  return (
    <div className="faq-page">
      {faq.data.sections.map((section, index) => (
        <section key={index} aria-labelledby={`faq-${index}`} className="faq-section">
          <h2 id={`faq-${index}`}>{section.question}</h2>
          <RichText html={section.answer} />
        </section>
      ))}
    </div>
  );
}
