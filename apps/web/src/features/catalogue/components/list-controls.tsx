import { SearchBox } from '@/components/search-box';
import { useSubcategories, type ListParams } from '../api/catalogue-calls';

/** Search, sort and subcategory chips; the active chip clears the filter when clicked (spec 2 §2). */
export function ListControls({ params, update, sorts, searchLabel }: { params: ListParams; update: (change: Partial<ListParams>) => void; sorts: readonly { value: string; label: string }[]; searchLabel: string }) {
  const subcategories = useSubcategories();
  return (
    <div className="list-controls">
      <div className="list-controls-row">
        <SearchBox label={searchLabel} value={params.search} onSearch={(search) => update({ search })} />
        <label className="sort-select">
          <span>Sort by</span>
          <select value={params.sort} onChange={(event) => update({ sort: event.target.value })}>
            {sorts.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ul className="chips" aria-label="Subcategories">
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
