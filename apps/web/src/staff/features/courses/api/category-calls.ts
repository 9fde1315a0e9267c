import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffCategory } from '@school/shared/staff/categories';
import { etagOf } from '@school/shared/staff/versions';
import { api } from '@/lib/api-client';

const categoriesKey = ['staff', 'categories'] as const;

export const useCategories = () => useQuery({ queryKey: categoriesKey, queryFn: () => api<StaffCategory[]>('/staff/categories/') });

/** One write to the categories: every one answers the whole list, which replaces the one shown. */
export type CategoryWrite =
  | { kind: 'add-category'; name: string }
  | { kind: 'add-subcategory'; categoryId: number; name: string }
  | { kind: 'rename-category' | 'rename-subcategory'; id: number; version: number; name: string }
  | { kind: 'delete-category' | 'delete-subcategory'; id: number; version: number };

function send(write: CategoryWrite) {
  switch (write.kind) {
    case 'add-category':
      return api<StaffCategory[]>('/staff/categories/', { body: { name: write.name } });
    case 'add-subcategory':
      return api<StaffCategory[]>(`/staff/categories/${write.categoryId}/subcategories/`, { body: { name: write.name } });
    case 'rename-category':
    case 'rename-subcategory':
      return api<StaffCategory[]>(`/staff/${write.kind === 'rename-category' ? 'categories' : 'subcategories'}/${write.id}/`, { method: 'PATCH', body: { name: write.name }, headers: { 'if-match': etagOf(write.version) } });
    case 'delete-category':
    case 'delete-subcategory':
      return api<StaffCategory[]>(`/staff/${write.kind === 'delete-category' ? 'categories' : 'subcategories'}/${write.id}/`, { method: 'DELETE', headers: { 'if-match': etagOf(write.version) } });
  }
}

export function useCategoryWrite() {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: (list) => client.setQueryData(categoriesKey, list) });
}

/** Shows a list the server sent back (a 412's current one) in place of the one on screen. */
export function useShowCategories() {
  const client = useQueryClient();
  return (list: StaffCategory[]) => client.setQueryData(categoriesKey, list);
}
