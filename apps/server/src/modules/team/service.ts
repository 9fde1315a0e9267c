import type { FastifyInstance } from 'fastify';
import { TEAM_INVITATION_DAYS, teamMessages, type NewInvitation, type TeamRole } from '@school/shared/staff/team';
import { hashKey, newKey } from '../../lib/crypto';
import { isUniqueViolation } from '../../lib/db-errors';
import { DomainError, invalid, notFound } from '../../lib/errors';
import { displayName } from '../account/presenter';
import { recordAudit, staleWrite, type AuditContext } from '../audit/service';
import { accountService } from '../account/service';
import { emailQueue } from '../mail/send-email';
import type { Tx } from '../../db/client';
import type { StaffContext } from '../staff/context';
import type { SchoolRow } from '../tenancy/repository';
import { schoolUrl } from '../tenancy/resolve-domain';
import { teamPolicy } from './policy';
import { presentInvitation, presentMember } from './presenter';
import { teamRepository, teamWrites } from './repository';

const DAY = 86_400_000;
const lastAdministrator = () => new DomainError(409, { detail: teamMessages.lastAdministrator });

export interface InvitationToWrite {
  school: SchoolRow;
  audit: AuditContext;
  email: string;
  role: TeamRole;
  /** Who the e-mail says invites: a person's name, or the school's. */
  inviter: string;
}

/**
 * Writes an invitation in the caller's transaction, replacing the address's open one, with its audit entry and
 * its e-mail (which leaves only if the transaction commits): the team's invitations and the platform's first
 * administrator of a new school.
 */
export function invitationWriter(app: FastifyInstance) {
  const emails = emailQueue(app);
  const repo = teamRepository(app.db);
  return {
    /** Why an address cannot be invited to the school's team (its field's message), or null. */
    async refusal(email: string, schoolId: number) {
      const account = await repo.accountOf(email, schoolId);
      if (account && (account.memberId !== null || account.role === 'SU')) return teamMessages.alreadyMember;
      if (account?.role === 'ST') return teamMessages.studentAccount;
      return null;
    },

    async write(tx: Tx, invitation: InvitationToWrite) {
      const { school, audit, email, role } = invitation;
      const key = newKey();
      const link = schoolUrl(app.config.SCHOOL_URL_TEMPLATE, school, `/invitations/${key}`);
      const writes = teamWrites(tx);
      const replaced = await writes.revokeOpenFor(school.id, email);
      const created = await writes.createInvitation({ schoolId: school.id, email, role, keyHash: hashKey(key), invitedBy: audit.actorId, expiresAt: new Date(Date.now() + TEAM_INVITATION_DAYS * DAY) });
      await recordAudit(tx, audit, { action: 'invitation.create', subject: { type: 'invitation', id: created.id }, before: { replaces: null }, after: { email: created.email, role: created.role, replaces: replaced[0] ?? null } });
      await emails.send({ tx, schoolId: school.id, to: email, template: 'team-invitation', params: { link, role, inviter: invitation.inviter, days: TEAM_INVITATION_DAYS } });
      return created;
    },
  };
}

/**
 * The school's team in the console (`/staff/team`): its administrators invite people by e-mail, change roles,
 * assign instructors' courses and remove members. Every write is audited in its own transaction, and the last
 * administrator can neither leave nor be demoted (checked with the administrators' rows locked).
 */
export function teamService(app: FastifyInstance) {
  const repo = teamRepository(app.db);
  const invitations = invitationWriter(app);
  const member = (id: number) => ({ type: 'member', id });

  async function load(ctx: StaffContext, memberId: number) {
    teamPolicy.authorize(ctx.actor, 'manage', ctx.school);
    const found = await repo.member(ctx.school.id, memberId);
    if (!found) throw notFound();
    return found;
  }

  const present = async (ctx: StaffContext, memberId: number) => {
    const found = await repo.member(ctx.school.id, memberId);
    if (!found) throw notFound();
    return presentMember(found, ctx.actor.userId);
  };

  return {
    async members(ctx: StaffContext) {
      teamPolicy.authorize(ctx.actor, 'manage', ctx.school);
      return (await repo.members(ctx.school.id)).map((row) => presentMember(row, ctx.actor.userId));
    },

    async changeRole(ctx: StaffContext, memberId: number, version: number, role: TeamRole) {
      const before = await load(ctx, memberId);
      const changed = await app.db.transaction(async (tx) => {
        const writes = teamWrites(tx);
        const administrators = await writes.lockAdministrators(ctx.school.id);
        if (role !== 'SA' && administrators.length === 1 && administrators[0] === memberId) throw lastAdministrator();
        const row = await writes.changeRole(ctx.school.id, memberId, version, role);
        if (!row) return false;
        await writes.followRole(ctx.school.id, row.userId, role);
        await recordAudit(tx, ctx.audit, { action: 'member.update', subject: member(memberId), before: { role: before.role }, after: { role } });
        return true;
      });
      const current = await present(ctx, memberId);
      if (!changed) throw await staleWrite(app.db, ctx.school.id, member(memberId), current, current.version);
      return current;
    },

    async remove(ctx: StaffContext, memberId: number) {
      const before = await load(ctx, memberId);
      await app.db.transaction(async (tx) => {
        const writes = teamWrites(tx);
        const administrators = await writes.lockAdministrators(ctx.school.id);
        if (administrators.length === 1 && administrators[0] === memberId) throw lastAdministrator();
        if (!(await writes.remove(ctx.school.id, memberId))) throw notFound();
        await recordAudit(tx, ctx.audit, {
          action: 'member.remove',
          subject: member(memberId),
          before: { user: before.userId, role: before.role, courses: before.courses.map((c) => c.id) },
          after: {},
        });
      });
    },

    /** An instructor's courses at the school, as a whole list (the course's own Instructors setting is the other way). */
    async setCourses(ctx: StaffContext, memberId: number, courseIds: number[]) {
      const found = await load(ctx, memberId);
      if (found.role !== 'IN') throw new DomainError(409, { detail: teamMessages.notInstructor });
      const known = new Set(await repo.schoolCourseIds(ctx.school.id, courseIds));
      if (courseIds.some((id) => !known.has(id))) throw invalid({ courses: teamMessages.courseNotHere });
      const sorted = [...courseIds].sort((a, b) => a - b);
      await app.db.transaction(async (tx) => {
        const before = await teamWrites(tx).replaceCourses(ctx.school.id, found.userId, sorted);
        await recordAudit(tx, ctx.audit, { action: 'member.courses', subject: member(memberId), before: { courses: before }, after: { courses: sorted } });
      });
      return present(ctx, memberId);
    },

    async courses(ctx: StaffContext) {
      teamPolicy.authorize(ctx.actor, 'manage', ctx.school);
      return repo.schoolCourses(ctx.school.id);
    },

    async invitations(ctx: StaffContext) {
      teamPolicy.authorize(ctx.actor, 'manage', ctx.school);
      return (await repo.openInvitations(ctx.school.id)).map((r) => presentInvitation(r.invitation, r.inviter));
    },

    /** Sends an invitation (a new one to the same address replaces the open one); the mail leaves if the row is kept. */
    async invite(ctx: StaffContext, body: NewInvitation) {
      teamPolicy.authorize(ctx.actor, 'manage', ctx.school);
      const refusal = await invitations.refusal(body.email, ctx.school.id);
      if (refusal) throw invalid({ email: refusal });
      const inviter = (await accountService(app).findAccount(ctx.actor.userId))?.user;
      const row = await app.db
        .transaction((tx) => invitations.write(tx, { school: ctx.school, audit: ctx.audit, email: body.email, role: body.role, inviter: inviter ? displayName(inviter) : ctx.school.name }))
        .catch((error: unknown) => {
          // Two administrators inviting one address at once: the open-invitation index keeps one.
          if (isUniqueViolation(error)) throw invalid({ email: teamMessages.alreadyInvited });
          throw error;
        });
      return presentInvitation(row, inviter ?? null);
    },

    async revoke(ctx: StaffContext, invitationId: number) {
      teamPolicy.authorize(ctx.actor, 'manage', ctx.school);
      await app.db.transaction(async (tx) => {
        const row = await teamWrites(tx).revoke(ctx.school.id, invitationId);
        if (!row) throw notFound();
        await recordAudit(tx, ctx.audit, { action: 'invitation.revoke', subject: { type: 'invitation', id: row.id }, before: { email: row.email, role: row.role }, after: {} });
      });
    },
  };
}
