import type { FastifyInstance } from 'fastify';
import type { StaffSignup } from '@school/shared/auth/schemas';
import { invitationStateMessage, teamMessages, type InvitationState, type PublicInvitation } from '@school/shared/staff/team';
import type { Tx } from '../../db/client';
import { hashKey } from '../../lib/crypto';
import { DomainError, forbidden, notFound } from '../../lib/errors';
import { recordAudit, type AuditContext } from '../audit/service';
import { authService } from '../auth/service';
import type { SchoolRow } from '../tenancy/repository';
import { teamRepository, teamWrites, type InvitationRow } from './repository';

const stateOf = (row: InvitationRow, now = new Date()): InvitationState =>
  row.acceptedAt ? 'used' : row.revokedAt ? 'revoked' : row.expiresAt <= now ? 'expired' : 'open';

const refusal = (state: InvitationState) => new DomainError(409, { detail: invitationStateMessage(state) ?? teamMessages.used });

/**
 * An invitation's link, on the school's own site: it shows what it offers, an existing staff account with the
 * invited address accepts it once, and a person without an account signs up through it (the link proves the
 * address, so the account is verified). The key is only hashed in the table.
 */
export function invitationService(app: FastifyInstance) {
  const repo = teamRepository(app.db);
  const auth = authService(app);

  /** The site's school's invitation the key opens; any other (another school's, unknown) is 404. */
  async function find(key: string, school: SchoolRow) {
    const row = await repo.invitationByKey(hashKey(key));
    if (!row || row.schoolId !== school.id) throw notFound();
    return row;
  }

  /** Uses the invitation and adds the membership, in `tx`, audited as the new member's own act. */
  async function join(tx: Tx, row: InvitationRow, userId: number, audit: AuditContext) {
    const used = await teamWrites(tx).markAccepted(row.id, userId);
    // Used, taken back or lapsed between the read and now: nothing is written.
    if (!used) throw refusal(stateOf((await teamRepository(tx).invitationByKey(row.keyHash)) ?? row));
    const memberId = await teamWrites(tx).addMember(row.schoolId, userId, row.role);
    await recordAudit(tx, { ...audit, actorId: userId }, { action: 'invitation.accept', subject: { type: 'invitation', id: row.id }, before: {}, after: { member: memberId, role: row.role } });
  }

  return {
    async show(key: string, school: SchoolRow): Promise<PublicInvitation> {
      const row = await find(key, school);
      const account = await repo.accountOf(row.email, school.id);
      return { school: { name: school.name, domain: school.domain }, role: row.role, email: row.email, state: stateOf(row), expires_at: row.expiresAt.toISOString(), account_exists: account !== undefined };
    },

    /** The signed-in account joins: it must be a staff account of the invited address, not yet on the team. */
    async accept(key: string, school: SchoolRow, userId: number, audit: AuditContext) {
      const row = await find(key, school);
      const state = stateOf(row);
      if (state !== 'open') throw refusal(state);
      const account = await repo.accountOf(row.email, school.id);
      if (!account || account.id !== userId) throw forbidden(teamMessages.otherEmail(row.email));
      if (account.role === 'ST') throw new DomainError(409, { detail: teamMessages.studentCannotJoin });
      if (account.memberId !== null || account.role === 'SU') throw new DomainError(409, { detail: teamMessages.alreadyMember });
      await app.db.transaction((tx) => join(tx, row, userId, audit));
      return { role: row.role };
    },

    /** A new staff account for the invited address, its membership and its session, all or nothing. */
    async signUp(key: string, school: SchoolRow, body: StaffSignup, audit: AuditContext) {
      const row = await find(key, school);
      const state = stateOf(row);
      if (state !== 'open') throw refusal(state);
      if (await repo.accountOf(row.email, school.id)) throw new DomainError(409, { detail: teamMessages.accountExists });
      const user = await app.db.transaction(async (tx) => {
        const created = await auth.createStaffAccount(tx, {
          username: body.username,
          email: row.email,
          password: body.password1,
          firstName: body.first_name,
          lastName: body.last_name,
          role: row.role,
          schoolId: school.id,
        });
        await join(tx, row, created.id, { ...audit, actorId: created.id });
        return created;
      });
      return auth.issueToken(user, false);
    },
  };
}
