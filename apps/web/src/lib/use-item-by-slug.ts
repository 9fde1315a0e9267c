import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { idFromSlug } from '@school/shared/catalogue/rules';
import { notify } from '@/components/toast';

/**
 * A course or bundle by the id at the end of its slug; one that cannot be found (bad slug, another
 * school's, unpublished) says so and goes back to its list (spec 2 §8).
 */
export function useItemBySlug<T>(slug: string, useItem: (id: number) => UseQueryResult<T>, missingText: string, listPath: string) {
  const id = idFromSlug(slug);
  const item = useItem(id ?? 0);
  const navigate = useNavigate();
  const missing = id === null || item.isError;
  useEffect(() => {
    if (!missing) return;
    notify.error(missingText);
    navigate(listPath, { replace: true });
  }, [missing, missingText, listPath, navigate]);
  return missing ? undefined : item.data;
}
