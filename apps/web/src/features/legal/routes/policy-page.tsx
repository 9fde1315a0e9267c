import type { School } from '@school/shared/school/schemas';
import { PageHeader } from '@/components/breadcrumb';
import { Loading } from '@/components/loading';
import { PlainText } from '@/components/plain-text';
import { paths } from '@/config/paths';
import { useSchool } from '@/lib/school';

/** One of the school's texts on a page of its own, readable before anyone signs up (Data Privacy Act of 2012). */
function PolicyPage({ title, textOf }: { title: string; textOf: (school: School) => string }) {
  const { data: school } = useSchool();
  if (!school) return <Loading />;
  const text = textOf(school);
  return (
    <main>
      <PageHeader title={title} cover={school.cover} trail={[{ label: 'Home', to: paths.home }, { label: title }]} />
      <article className="container policy-text">
        {text.trim() ? (
          <PlainText text={text} />
        ) : (
          <p>
            {school.name} has not published its {title} here yet.{' '}
            {school.email && (
              <>
                Ask for it at <a href={`mailto:${school.email}`}>{school.email}</a>.
              </>
            )}
          </p>
        )}
      </article>
    </main>
  );
}

/** /terms: the terms of use agreed to at sign-up. */
export function TermsPage() {
  return <PolicyPage title="Terms of Use" textOf={(school) => school.terms_of_use} />;
}

/** /privacy: the school's privacy policy (its data-privacy text). */
export function PrivacyPage() {
  return <PolicyPage title="Privacy Policy" textOf={(school) => school.data_privacy} />;
}
