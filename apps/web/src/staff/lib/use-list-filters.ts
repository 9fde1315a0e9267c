import { useSearchParams } from 'react-router';
import type { z } from 'zod';

/**
 * A console list's filters, kept in the address (a reload or a shared link shows the same page): read with the
 * list's query schema (anything it refuses falls back to the defaults), changed with `update`, which goes back to
 * the first page.
 */
export function useListFilters<S extends z.ZodType<Record<string, unknown>>>(schema: S) {
  const [params, setParams] = useSearchParams();
  const filters: z.infer<S> = schema.catch(schema.parse({})).parse(Object.fromEntries(params));

  const update = (changes: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries({ page: undefined, ...changes })) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    setParams(next, { replace: true });
  };

  return { filters, update };
}
