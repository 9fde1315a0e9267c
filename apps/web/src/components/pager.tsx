import { pageWindow, showingText } from '@school/shared/catalogue/rules';

/** 'Showing X to Y of N', five page links, Prev and Next (spec 2 §2). */
export function Pager({ page, pages, count, perPage, onPage }: { page: number; pages: number; count: number; perPage: number; onPage: (page: number) => void }) {
  return (
    <div className="pager-row">
      <p className="muted">{showingText(page, perPage, count)}</p>
      {pages > 1 && (
        <nav aria-label="Pages">
          <ul className="pager">
            <li>
              <button type="button" onClick={() => onPage(page - 1)} disabled={page <= 1}>
                Prev
              </button>
            </li>
            {pageWindow(page, pages).map((n) => (
              <li key={n}>
                <button type="button" onClick={() => onPage(n)} aria-current={n === page ? 'page' : undefined} aria-label={`Page ${n}`}>
                  {n}
                </button>
              </li>
            ))}
            <li>
              <button type="button" onClick={() => onPage(page + 1)} disabled={page >= pages}>
                Next
              </button>
            </li>
          </ul>
        </nav>
      )}
    </div>
  );
}
