import type { StaffInvitation, TeamMember } from '@school/shared/staff/team';
import { displayName } from '../account/presenter';
import type { InvitationRow, teamRepository } from './repository';

type MemberRow = Awaited<ReturnType<ReturnType<typeof teamRepository>['members']>>[number];
type InviterRow = Parameters<typeof displayName>[0] | null;

export const presentMember = (row: MemberRow, callerId: number): TeamMember => ({
  id: row.id,
  user_id: row.userId,
  name: displayName(row),
  username: row.username,
  email: row.email,
  role: row.role,
  courses: row.role === 'IN' ? row.courses : [],
  joined_at: row.joinedAt.toISOString(),
  version: row.version,
  you: row.userId === callerId,
});

export const presentInvitation = (row: InvitationRow, inviter: InviterRow, now = new Date()): StaffInvitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  invited_by: inviter ? displayName(inviter) : null,
  created_at: row.createdAt.toISOString(),
  expires_at: row.expiresAt.toISOString(),
  expired: row.expiresAt <= now,
});
