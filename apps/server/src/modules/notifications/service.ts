import type { FastifyInstance } from 'fastify';
import { MAIL_KINDS, notificationMessages as msg } from '@school/shared/notifications/kinds';
import type { MailPreferences, UnsubscribeResult } from '@school/shared/notifications/schemas';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { notificationRepository, type NotificationRepository } from './repository';
import { unsubscribeTokens } from './unsubscribe-token';

/**
 * Puts a line in a user's bell at once; `db` is the transaction of the change it tells about. What a student is
 * told about goes through events instead (recordEvent, then the delivery job); this is for staff's messages.
 */
export const notify = (db: Db, userId: number, description: string, extra?: Parameters<NotificationRepository['create']>[2]) => notificationRepository(db).create(userId, description, extra);

export function notificationService(app: FastifyInstance) {
  const repo = notificationRepository(app.db);
  const tokens = unsubscribeTokens(app.config.SECRET_KEY);

  async function preferences(userId: number): Promise<MailPreferences> {
    const off = new Set((await repo.optOuts([userId])).map((o) => o.kind));
    return Object.fromEntries(MAIL_KINDS.map((kind) => [kind, !off.has(kind)])) as MailPreferences;
  }

  return {
    list: (userId: number, schoolId: number, page: number, perPage: number) => repo.listByUser(userId, schoolId, page, perPage),
    unread: (userId: number, schoolId: number) => repo.unread(userId, schoolId),
    markAllRead: (userId: number, schoolId: number) => repo.markAllRead(userId, schoolId),
    preferences,

    async setPreferences(userId: number, changes: Partial<MailPreferences>) {
      for (const kind of MAIL_KINDS) if (changes[kind] !== undefined) await repo.setOptOut(userId, kind, !changes[kind]);
      return preferences(userId);
    },

    /** An e-mail's unsubscribe link (no login): its token names the account and the kind to turn off. */
    async unsubscribe(token: string): Promise<UnsubscribeResult> {
      const claim = tokens.verify(token);
      if (!claim || !(await repo.userExists(claim.userId))) throw badRequest(msg.badUnsubscribeLink, 'invalid_token');
      await repo.setOptOut(claim.userId, claim.kind, true);
      return { kind: claim.kind, detail: msg.unsubscribed(claim.kind) };
    },
  };
}
