/** A list's filters as a query string: empty ones left out. */
export const queryString = (filters: Record<string, string | number | boolean | undefined>) =>
  new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined && entry[1] !== '').map(([k, v]) => [k, String(v)])).toString();
