import { bundleSorts } from '@school/shared/catalogue/rules';
import { useBundles } from '../api/catalogue-calls';
import { CatalogueList } from '../components/catalogue-list';
import { BundleCard } from '../components/course-card';

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
