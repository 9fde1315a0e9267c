import { PageHeader } from '@/components/breadcrumb';
import { Loading } from '@/components/loading';
import { Pager } from '@/components/pager';
import { paths } from '@/config/paths';
import { useSchool } from '@/lib/school';
import { useBundles } from '../api/catalogue-calls';
import { BundleCard } from '../components/course-card';
import { ListControls } from '../components/list-controls';
import { useListParams } from '../components/use-list-params';

const bundleSorts = [
  { value: '-created_at', label: 'Newest' },
  { value: 'created_at', label: 'Oldest' },
  { value: 'price', label: 'Price low-high' },
  { value: '-price', label: 'Price high-low' },
] as const;

/** /course-bundles (spec 2 §2). */
export function BundleList() {
  const { data: school } = useSchool();
  const { params, update } = useListParams();
  const bundles = useBundles(params);
  const filtered = Boolean(params.search || params.subcategory);
  return (
    <main>
      <PageHeader title="Course Bundles" cover={school?.cover} trail={[{ label: 'Home', to: paths.home }, { label: 'Course Bundles' }]} />
      <div className="container catalogue">
        <ListControls params={params} update={update} sorts={bundleSorts} searchLabel="Search course bundles" />
        {bundles.isPending ? (
          <Loading />
        ) : bundles.data && bundles.data.count > 0 ? (
          <>
            <div className="card-grid" aria-busy={bundles.isFetching}>
              {bundles.data.data.map((bundle) => (
                <BundleCard key={bundle.id} bundle={bundle} />
              ))}
            </div>
            <Pager page={bundles.data.page} pages={bundles.data.pages} count={bundles.data.count} perPage={6} onPage={(page) => update({ page })} />
          </>
        ) : (
          <div className="empty-state">
            <h2>{filtered ? 'Sorry, no result found' : 'No course bundled yet'}</h2>
          </div>
        )}
      </div>
    </main>
  );
}
