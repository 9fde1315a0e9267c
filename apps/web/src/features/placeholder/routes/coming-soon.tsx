import { PageHeader } from '@/components/breadcrumb';
import { paths } from '@/config/paths';
import { useSchool } from '@/lib/school';

/** Routes whose screens come with later work: they exist, say so plainly, and keep the shell. */
export function ComingSoon({ title, trail }: { title: string; trail: string }) {
  const { data: school } = useSchool();
  return (
    <main>
      <PageHeader title={title} cover={school?.cover} trail={[{ label: 'Home', to: paths.home }, { label: trail }]} />
      <div className="container page-center">
        <p>This part of the site is not available yet.</p>
      </div>
    </main>
  );
}
