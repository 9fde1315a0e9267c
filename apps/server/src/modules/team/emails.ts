import { teamRoleInSentence, type TeamRole } from '@school/shared/staff/team';
import { actionEmail } from '../../infra/mail/html';
import type { SchoolRow } from '../tenancy/repository';

/** An invitation to a school's team: who invites, as what, and how long the link works. */
export function teamInvitationEmail(school: SchoolRow, p: { link: string; role: TeamRole; inviter: string; days: number }) {
  const role = teamRoleInSentence[p.role];
  return {
    subject: `Join ${school.name} as ${role}`,
    ...actionEmail({
      schoolName: school.name,
      color: school.primaryColor,
      heading: `Join the team of ${school.name}`,
      paragraphs: [
        `${p.inviter} invites you to work at ${school.name} as ${role}.`,
        'Accept with the account of this address, or sign up with it if you have none.',
        `The link can be used once and expires in ${p.days} days.`,
      ],
      actionLabel: 'Accept the Invitation',
      actionUrl: p.link,
      footer: `You received this email because an administrator of ${school.name} invited this address.`,
    }),
  };
}
