import { z } from 'zod';
import { authMessages } from '../auth/messages';

/** How long an invitation's link works. */
export const TEAM_INVITATION_DAYS = 7;

/** The roles a school gives its team (SU is the platform's, never a school's). */
export const TEAM_ROLES = ['SA', 'IN'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
export const teamRoleLabels: Record<TeamRole, string> = { SA: 'Administrator', IN: 'Instructor' };
/** The role in a sentence: "join as an instructor". */
export const teamRoleInSentence: Record<TeamRole, string> = { SA: 'an administrator', IN: 'an instructor' };

export const teamMessages = {
  lastAdministrator: 'A school needs at least one administrator: make somebody else an administrator first.',
  alreadyMember: 'This address already belongs to a member of the team.',
  alreadyInvited: 'An invitation to this address was sent a moment ago: it is in the list below.',
  studentAccount: 'This address belongs to a student account. Staff use an account of their own: invite another address.',
  invited: (email: string) => `An invitation is on its way to ${email}. It works for ${TEAM_INVITATION_DAYS} days.`,
  resent: (email: string) => `A new link is on its way to ${email}; the one sent before no longer works.`,
  joined: (school: string, role: TeamRole) => `You joined ${school} as ${teamRoleInSentence[role]}.`,
  used: 'This invitation has already been used. Log in to open the staff console.',
  expired: 'This invitation has expired. Ask the school for a new one.',
  revoked: 'This invitation was taken back by the school. Ask the school for a new one.',
  otherEmail: (email: string) => `This invitation is for ${email}. Log out, then log in with that address or sign up.`,
  studentCannotJoin: "This address belongs to a student account, which cannot join a school's staff. Ask the school to invite another address.",
  accountExists: 'An account already has this address: log in to accept the invitation.',
  notInstructor: 'Courses are assigned to instructors only: administrators work on every course.',
  courseNotHere: 'Choose the courses of this school only.',
} as const;

const id = z.number().int().positive().max(2147483647);
const roleSchema = z.enum(TEAM_ROLES, { error: 'Choose Administrator or Instructor.' });

export const teamCourseSchema = z.object({ id: z.number(), name: z.string() });
export type TeamCourse = z.infer<typeof teamCourseSchema>;

/** A member of the school's team as the console lists them; `id` is the membership's. */
export const teamMemberSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  role: roleSchema,
  /** The courses assigned to an instructor (an administrator works on all). */
  courses: z.array(teamCourseSchema),
  joined_at: z.string(),
  version: z.number(),
  /** The caller themselves. */
  you: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamRoleChangeSchema = z.object({ role: roleSchema });
export const teamCoursesSchema = z.object({
  courses: z
    .array(id)
    .max(500, 'Assign at most 500 courses.')
    .refine((ids) => new Set(ids).size === ids.length, 'Name each course once.'),
});

export const newInvitationSchema = z.object({
  email: z
    .string({ error: authMessages.emailRequired })
    .trim()
    .min(1, { error: authMessages.emailRequired })
    .max(254, { error: authMessages.emailInvalid })
    .pipe(z.email({ error: authMessages.emailInvalid })),
  role: roleSchema,
});
export type NewInvitation = z.infer<typeof newInvitationSchema>;

/** An open invitation in the console: sent, not yet used nor taken back (a lapsed one says so until revoked). */
export const staffInvitationSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: roleSchema,
  invited_by: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  expired: z.boolean(),
});
export type StaffInvitation = z.infer<typeof staffInvitationSchema>;

export const INVITATION_STATES = ['open', 'used', 'expired', 'revoked'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

/** What an invitation's link shows before it is used: the school, the role, the address and who may accept. */
export const publicInvitationSchema = z.object({
  school: z.object({ name: z.string(), domain: z.string() }),
  role: roleSchema,
  email: z.string(),
  state: z.enum(INVITATION_STATES),
  expires_at: z.string(),
  /** Whether an account already has the address (it logs in to accept; otherwise the person signs up here). */
  account_exists: z.boolean(),
});
export type PublicInvitation = z.infer<typeof publicInvitationSchema>;

/** The refusal of an invitation that is not open, in the page's words. */
export const invitationStateMessage = (state: InvitationState): string | null =>
  state === 'open' ? null : { used: teamMessages.used, expired: teamMessages.expired, revoked: teamMessages.revoked }[state];

/**
 * Whether a change leaves the school without an administrator: `change` is the member's new role, or null when
 * they are removed. The server checks it again with the administrators' rows locked.
 */
export function leavesNoAdministrator(members: Pick<TeamMember, 'id' | 'role'>[], memberId: number, change: TeamRole | null): boolean {
  const target = members.find((m) => m.id === memberId);
  if (!target || target.role !== 'SA' || change === 'SA') return false;
  return !members.some((m) => m.id !== memberId && m.role === 'SA');
}
