import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { emailQueue } from '../mail/send-email';
import { schoolUrl } from '../tenancy/resolve-domain';
import type { Outgoing } from './deliver';
import { links } from './messages';
import { notificationRepository, type NotificationRepository } from './repository';
import { unsubscribeTokens } from './unsubscribe-token';

export type Addressed = Outgoing & { schoolId: number | null };

/**
 * Notifications written once each (their keys), with the e-mails of the new ones: each with its page's address
 * and its kind's unsubscribe links, unless their user turned that kind off. Every sender of notices (event
 * delivery, the school's announcements) goes through here.
 */
export function noticeSender(app: FastifyInstance) {
  const emails = emailQueue(app);
  const tokens = unsubscribeTokens(app.config.SECRET_KEY);

  /** Answers the keys of those e-mailed. */
  async function mail(tx: Db, repo: NotificationRepository, sent: Addressed[]) {
    const userIds = [...new Set(sent.map((o) => o.userId))];
    // One query at a time: a transaction is one connection.
    const people = await repo.people(userIds);
    const optOuts = await repo.optOuts(userIds);
    const sites = await repo.schoolsByIds([...new Set(sent.flatMap((o) => (o.schoolId ? [o.schoolId] : [])))]);
    const emailOf = new Map(people.map((person) => [person.id, person.email]));
    const siteOf = new Map(sites.map((site) => [site.id, site]));
    const off = new Set(optOuts.map((o) => `${o.userId}:${o.kind}`));
    const mailed = new Set<string>();
    for (const o of sent) {
      const to = emailOf.get(o.userId);
      const site = o.schoolId ? siteOf.get(o.schoolId) : undefined;
      if (!o.mail || !to || !site || off.has(`${o.userId}:${o.mail.kind}`)) continue;
      const url = (path: string) => schoolUrl(app.config.SCHOOL_URL_TEMPLATE, site, path);
      const token = tokens.sign(o.userId, o.mail.kind);
      const params = { ...o.mail.params, link: url(o.link ?? '/'), unsubscribe: url(links.unsubscribe(token)), oneClick: url(links.oneClickUnsubscribe(token)) };
      await emails.send({ tx, schoolId: o.schoolId!, to, template: o.mail.template, params: params as never, notice: true });
      mailed.add(o.key);
    }
    return mailed;
  }

  /** In the caller's transaction; answers the keys written and, of those, the keys e-mailed. */
  return async function send(tx: Db, outgoing: Addressed[]) {
    const repo = notificationRepository(tx);
    const written = await repo.insertOnce(outgoing.map(({ mail: _mail, ...row }) => row));
    const mailed = await mail(tx, repo, outgoing.filter((o) => written.has(o.key)));
    return { written, mailed };
  };
}
