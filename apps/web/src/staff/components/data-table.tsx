import type { UseQueryResult } from '@tanstack/react-query';
import { rowSortingFeature, tableFeatures, useTable, type ColumnDef, type RowData } from '@tanstack/react-table';
import type { ListPage } from '@school/shared/api/errors';
import { Pager } from '@/components/pager';
import { QueryState } from './query-state';

export const tableFeaturesUsed = tableFeatures({ rowSortingFeature });
/** A console table's column: its id names the server's sort when the column sorts (`name` and `-name`). */
export type DataColumn<T extends Row> = ColumnDef<typeof tableFeaturesUsed, T>;
/** A row of a console list: every record the console lists has an id. */
/** A row names itself: a record's id, or a key of its own for a row of two records (an attempt's answer). */
type Row = RowData & { id: number | string };

export interface TableSorting {
  /** The server's sort (`-updated_at`), and the sorts it offers: a header sorts only by those. */
  sort: string;
  sorts: readonly string[];
  onSort: (sort: string) => void;
}

interface DataTableProps<T extends Row> {
  caption: string;
  columns: DataColumn<T>[];
  query: UseQueryResult<ListPage<T>>;
  /** For the failure's sentence: "The courses could not be loaded." */
  what: string;
  empty: string;
  perPage: number;
  /** Left out when the list has one order. */
  sorting?: TableSorting;
  onPage: (page: number) => void;
}

/** The sort a header's click asks for: ascending first, then descending, as far as the server offers them. */
function nextSort(column: string, current: string, sorts: readonly string[]) {
  const order = [column, `-${column}`].filter((s) => sorts.includes(s));
  return order[(order.indexOf(current) + 1) % order.length] ?? current;
}

/**
 * Every console list: a real table (caption, column headers, sortable headers as buttons with aria-sort), paged,
 * sorted and filtered on the server, with the query's loading, error and empty states.
 */
export function DataTable<T extends Row>({ caption, columns, query, what, empty, perPage, sorting, onPage }: DataTableProps<T>) {
  const { sort, sorts, onSort } = sorting ?? { sort: '', sorts: [], onSort: () => undefined };
  const table = useTable({
    features: tableFeaturesUsed,
    columns,
    data: query.data?.data ?? [],
    manualSorting: true,
    state: { sorting: sort ? [{ id: sort.replace(/^-/, ''), desc: sort.startsWith('-') }] : [] },
    getRowId: (row) => String(row.id),
  });

  return (
    <QueryState query={query} what={what} empty={empty} isEmpty={(data) => data.count === 0}>
      {(data) => (
        <>
          <div className="staff-table-box" aria-busy={query.isFetching || undefined}>
            {/* Explicit roles: at 600 px and under the rows are laid out as cards (display: block), which drops the
                implicit table semantics in some browsers. */}
            <table className="staff-table data-table" role="table">
              <caption className="visually-hidden">{caption}</caption>
              <thead role="rowgroup">
                {table.getHeaderGroups().map((group) => (
                  <tr key={group.id} role="row">
                    {group.headers.map((header) => {
                      const sortable = sorts.includes(header.column.id) || sorts.includes(`-${header.column.id}`);
                      const direction = header.column.getIsSorted();
                      return (
                        <th key={header.id} scope="col" role="columnheader" aria-sort={direction ? (direction === 'asc' ? 'ascending' : 'descending') : undefined}>
                          {sortable ? (
                            <button type="button" className="sort-button" onClick={() => onSort(nextSort(header.column.id, sort, sorts))}>
                              <table.FlexRender header={header} />
                              <span aria-hidden="true">{direction === 'asc' ? ' ▲' : direction === 'desc' ? ' ▼' : ''}</span>
                            </button>
                          ) : (
                            <table.FlexRender header={header} />
                          )}
                        </th>
                      );
                    })}
                  </tr>
                ))}
              </thead>
              <tbody role="rowgroup">
                {table.getRowModel().rows.map((row) => (
                  <tr key={row.id} role="row">
                    {row.getAllCells().map((cell) => (
                      <td key={cell.id} role="cell" data-label={typeof cell.column.columnDef.header === 'string' ? cell.column.columnDef.header : undefined}>
                        <table.FlexRender cell={cell} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={data.page} pages={data.pages} count={data.count} perPage={perPage} onPage={onPage} />
        </>
      )}
    </QueryState>
  );
}
