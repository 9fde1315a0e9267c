import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@school/shared/auth/profile';
import { api } from './api-client';
import { useSession } from './session';

export const getProfile = () => api<Profile>('/account/profile/', { ownProfile: true });
export const profileQueryOptions = (token: string | undefined) =>
  queryOptions({ queryKey: ['profile', token], queryFn: getProfile, enabled: Boolean(token) });

/** The signed-in user's profile; undefined while logged out. */
export function useProfile() {
  const session = useSession();
  return useQuery(profileQueryOptions(session?.token));
}
