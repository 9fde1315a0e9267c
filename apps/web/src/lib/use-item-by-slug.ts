import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { idFromSlug } from '@school/shared/catalogue/rules';
import { notify } from '@/components/toast';
import { ApiError } from './api-error';

/** The server refused the item (not found, not this visitor's): an answer, unlike a lost connection or a 5xx. */
const refused = (error: unknown) => error instanceof ApiError && error.status < 500;

/**
 * A course or bundle by the id at the end of its slug; one that cannot be found (bad slug, another
 * school's, unpublished) says so and goes back to its list (spec 2 §8). One that could not be loaded at all
 * is thrown to the route's error boundary, which keeps the layout and offers Try again.
 */
export function useItemBySlug<T>(slug: string, useItem: (id: number) => UseQueryResult<T>, missingText: string, listPath: string) {
  const id = idFromSlug(slug);
  const item = useItem(id ?? 0);
  const navigate = useNavigate();
  const missing = id === null || (item.isError && refused(item.error));
  useEffect(() => {
    if (!missing) return;
    notify.error(missingText);
    navigate(listPath, { replace: true });
  }, [missing, missingText, listPath, navigate]);
  if (item.isLoadingError && !missing) throw item.error;
  return missing ? undefined : item.data;
}
