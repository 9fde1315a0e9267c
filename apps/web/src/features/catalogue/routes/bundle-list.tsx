import { useBundles } from '../api/catalogue-calls';
import { CatalogueList } from '../components/catalogue-list';
import { BundleCard } from '../components/course-card';

const bundleSorts = [
  { value: '-created_at', label: 'Newest' },
  { value: 'created_at', label: 'Oldest' },
  { value: 'price', label: 'Price low-high' },
  { value: '-price', label: 'Price high-low' },
] as const;

/** /course-bundles (spec 2 §2). */
export function BundleList() {
  return (
    <CatalogueList
      title="Course Bundles"
      searchLabel="Search course bundles"
      sorts={bundleSorts}
      useList={useBundles}
      card={(bundle) => <BundleCard bundle={bundle} />}
      empty={(filtered) => <h2>{filtered ? 'Sorry, no result found' : 'No course bundled yet'}</h2>}
    />
  );
}
