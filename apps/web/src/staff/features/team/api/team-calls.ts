import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewInvitation, StaffInvitation, TeamCourse, TeamMember, TeamRole } from '@school/shared/staff/team';
import { etagOf } from '@school/shared/staff/versions';
import { api } from '@/lib/api-client';

const teamKeys = {
  all: ['staff', 'team'] as const,
  members: ['staff', 'team', 'members'] as const,
  invitations: ['staff', 'team', 'invitations'] as const,
  courses: ['staff', 'team', 'courses'] as const,
};

export const useTeam = () => useQuery({ queryKey: teamKeys.members, queryFn: () => api<TeamMember[]>('/staff/team/') });
export const useInvitations = () => useQuery({ queryKey: teamKeys.invitations, queryFn: () => api<StaffInvitation[]>('/staff/invitations/') });
export const useTeamCourses = (enabled: boolean) => useQuery({ queryKey: teamKeys.courses, queryFn: () => api<TeamCourse[]>('/staff/team/courses/'), enabled, staleTime: 60_000 });

/** Every team write: the lists are read again afterwards, whatever the answer (a 409 or 412 means they moved on). */
function useTeamWrite<V, R>(call: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => client.invalidateQueries({ queryKey: teamKeys.all, refetchType: 'active' }) });
}

export const useInvite = () => useTeamWrite((body: NewInvitation) => api<StaffInvitation>('/staff/invitations/', { body }));
export const useRevokeInvitation = () => useTeamWrite((id: number) => api<StaffInvitation[]>(`/staff/invitations/${id}/`, { method: 'DELETE' }));
export const useChangeRole = () =>
  useTeamWrite(({ member, role }: { member: TeamMember; role: TeamRole }) => api<TeamMember>(`/staff/team/${member.id}/`, { method: 'PATCH', body: { role }, headers: { 'if-match': etagOf(member.version) } }));
export const useRemoveMember = () => useTeamWrite((id: number) => api<TeamMember[]>(`/staff/team/${id}/`, { method: 'DELETE' }));
export const useSetCourses = () => useTeamWrite(({ id, courses }: { id: number; courses: number[] }) => api<TeamMember>(`/staff/team/${id}/courses/`, { method: 'PUT', body: { courses } }));
