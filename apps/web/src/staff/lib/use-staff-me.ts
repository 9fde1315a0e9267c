import { useQuery } from '@tanstack/react-query';
import type { StaffMe } from '@school/shared/staff/schemas';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';

/** The caller's role and permissions at the site's school: the console's guard, its menu and its buttons read it. */
export function useStaffMe() {
  const session = useSession();
  return useQuery({ queryKey: ['staff', 'me', session?.userId ?? null], queryFn: () => api<StaffMe>('/staff/me/'), enabled: session !== null, staleTime: 60_000, retry: false });
}
