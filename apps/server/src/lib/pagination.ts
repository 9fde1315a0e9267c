/** One page of a list in the envelope of DECISIONS.md. */
export function pageOf<T>(data: T[], total: number, page: number, perPage: number) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  return { data, count: total, page, pages, next: page < pages ? page + 1 : null };
}
