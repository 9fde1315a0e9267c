import { useSearchParams } from 'react-router';
import type { ListParams } from '../api/catalogue-calls';

/** Search, sort, chip and page live in the address, so a link or a reload keeps them (issue 4); the default sort stays out of it. */
export function useListParams(defaultSort: string) {
  const [params, setParams] = useSearchParams();
  const value: ListParams = {
    page: Math.max(1, Number(params.get('page')) || 1),
    sort: params.get('sort') ?? defaultSort,
    search: params.get('q') ?? '',
    subcategory: params.get('sub') ? Number(params.get('sub')) : null,
  };
  function update(change: Partial<ListParams>) {
    const next = { ...value, ...change, page: change.page ?? 1 };
    const entries: [string, string][] = [];
    if (next.search) entries.push(['q', next.search]);
    if (next.sort !== defaultSort) entries.push(['sort', next.sort]);
    if (next.subcategory) entries.push(['sub', String(next.subcategory)]);
    if (next.page > 1) entries.push(['page', String(next.page)]);
    setParams(entries, { preventScrollReset: false });
  }
  return { params: value, update };
}
