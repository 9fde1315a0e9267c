import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { McleProfileForm, SavedMcleProfile, StudentProfileForm, UserProfileForm } from '@school/shared/account/profile-schemas';
import type { Message } from '@school/shared/api/errors';
import type { Profile } from '@school/shared/auth/profile';
import type { ChangePasswordBody, SignInCode } from '@school/shared/auth/schemas';
import type { ClassEvent, MyClassesQuery } from '@school/shared/schedule/schemas';
import { api } from '@/lib/api-client';
import { useSession, type Session } from '@/lib/session';

/** Students are /students/{student id}/, everyone else /users/{user id}/ (spec 1 §6). */
const accountPath = (session: Session) => (session.role === 'ST' ? `/students/${session.userId}/` : `/users/${session.studentId}/`);

export const accountQueryOptions = (session: Session) =>
  queryOptions({ queryKey: ['profile', session.token, 'account'], queryFn: () => api<Profile>(accountPath(session), { ownProfile: true }) });

export function useAccount() {
  const session = useSession()!;
  return useQuery(accountQueryOptions(session));
}

/** After any change to the account, the header, the navbar and the tabs read it again. */
function useRefreshProfile() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['profile'] });
}

export function useUpdateProfile() {
  const session = useSession()!;
  const refresh = useRefreshProfile();
  return useMutation({
    mutationFn: (body: StudentProfileForm | UserProfileForm) => api<Profile>(accountPath(session), { method: 'PUT', body }),
    onSuccess: refresh,
  });
}

export function useUploadPhoto() {
  const session = useSession()!;
  const refresh = useRefreshProfile();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('photo', file);
      return api<Profile>(`/users/${session.studentId}/`, { method: 'PATCH', body });
    },
    onSuccess: refresh,
  });
}

export function useMcleProfile() {
  const session = useSession()!;
  return useQuery({
    queryKey: ['mcle-profile', session.userId],
    // Until the first submission there is nothing to read: an empty form.
    queryFn: () => api<SavedMcleProfile | null>(`/students/${session.userId}/mcle_profile/`),
  });
}

export function useSaveMcle() {
  const session = useSession()!;
  const refresh = useRefreshProfile();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: McleProfileForm) => api<SavedMcleProfile>(`/students/${session.userId}/mcle_profile/`, { method: 'PUT', body: { ...body, consent: true } }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(['mcle-profile', session.userId], saved);
      await refresh();
    },
  });
}

export const useChangePassword = () => useMutation({ mutationFn: (body: ChangePasswordBody) => api<Message>('/account/change-password/', { method: 'PUT', body }) });

/** A one-minute, single-use code that opens this session on another school's host. */
export const createSignInCode = () => api<SignInCode>('/auth/sign-in-codes/', { method: 'POST' });

/** My Classes (spec 1 §7): the caller's class sessions and live classes at this site's school, both days included. */
export const fetchMyClasses = (range: MyClassesQuery) => api<ClassEvent[]>(`/students/classes/?${new URLSearchParams(range)}`);

export const myClassesQueryOptions = (session: Session, range: MyClassesQuery) =>
  queryOptions({ queryKey: ['my-classes', session.token, range.date_start, range.date_end], queryFn: () => fetchMyClasses(range), staleTime: 60_000 });

/** The calendar's visible days, once it has said which (null until then); the last range's events stay while the next loads. */
export function useMyClasses(range: MyClassesQuery | null) {
  const session = useSession()!;
  return useQuery({ ...myClassesQueryOptions(session, range ?? { date_start: '', date_end: '' }), enabled: range !== null, placeholderData: keepPreviousData });
}
