import { Fragment, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ListPage } from '@school/shared/api/errors';
import { LIST_PAGE_SIZE } from '@school/shared/catalogue/rules';
import { PageHeader } from '@/components/breadcrumb';
import { Loading } from '@/components/loading';
import { Pager } from '@/components/pager';
import { paths } from '@/config/paths';
import { useSchool } from '@/lib/school';
import type { ListParams } from '../api/catalogue-calls';
import { ListControls } from './list-controls';
import { useListParams } from './use-list-params';

/** A catalogue list page (spec 2 §2): breadcrumb, controls, six cards, the pager, or the empty state. */
export function CatalogueList<T extends { id: number }>(props: {
  title: string;
  searchLabel: string;
  sorts: readonly { value: string; label: string }[];
  useList: (params: ListParams) => UseQueryResult<ListPage<T>>;
  card: (item: T) => ReactNode;
  empty: (filtered: boolean) => ReactNode;
}) {
  const { data: school } = useSchool();
  const { params, update } = useListParams(props.sorts[0]!.value);
  const list = props.useList(params);
  return (
    <main>
      <PageHeader title={props.title} cover={school?.cover} trail={[{ label: 'Home', to: paths.home }, { label: props.title }]} />
      <div className="container catalogue">
        <ListControls params={params} update={update} sorts={props.sorts} searchLabel={props.searchLabel} />
        {list.isPending ? (
          <Loading />
        ) : list.data && list.data.count > 0 ? (
          <>
            {/* The cards' titles are h3: this keeps the headings in order under the page's h1. */}
            <h2 className="visually-hidden">Results</h2>
            <div className="card-grid" aria-busy={list.isFetching}>
              {list.data.data.map((item) => (
                <Fragment key={item.id}>{props.card(item)}</Fragment>
              ))}
            </div>
            <Pager page={list.data.page} pages={list.data.pages} count={list.data.count} perPage={LIST_PAGE_SIZE} onPage={(page) => update({ page })} />
          </>
        ) : (
          <div className="empty-state">{props.empty(Boolean(params.search || params.subcategory))}</div>
        )}
      </div>
    </main>
  );
}
