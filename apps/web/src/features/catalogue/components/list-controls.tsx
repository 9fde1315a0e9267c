import { InlineSelect } from '@/components/inline-select';
import { SearchBox } from '@/components/search-box';
import { useSubcategories, type ListParams } from '../api/catalogue-calls';

/** Search, sort and subcategory chips; the active chip clears the filter when clicked (spec 2 §2). */
export function ListControls({ params, update, sorts, searchLabel }: { params: ListParams; update: (change: Partial<ListParams>) => void; sorts: readonly { value: string; label: string }[]; searchLabel: string }) {
  const subcategories = useSubcategories();
  return (
    <div className="list-controls">
      <div className="list-controls-row">
        <SearchBox label={searchLabel} value={params.search} onSearch={(search) => update({ search })} />
        <InlineSelect label="Sort by" value={params.sort} options={sorts} onChange={(sort) => update({ sort })} />
      </div>
      <ul className="chips" aria-label="Subcategories" aria-busy={subcategories.isPending}>
        {(subcategories.data ?? []).map((s) => {
          const active = params.subcategory === s.id;
          return (
            <li key={s.id}>
              <button type="button" className={`chip ${active ? 'is-active' : ''}`} aria-pressed={active} onClick={() => update({ subcategory: active ? null : s.id })}>
                {s.name}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
