import type { FastifyInstance } from 'fastify';
import { messageMessages as msg, type MessageAudiences, type NewMessage, type StudentMessage } from '@school/shared/staff/messages';
import { DomainError, invalid, notFound } from '../../lib/errors';
import { can } from '../../lib/policy';
import { pageOf } from '../../lib/pagination';
import { displayName } from '../account/presenter';
import { recordAudit } from '../audit/service';
import { describe, links } from '../notifications/messages';
import { noticeSender, type Addressed } from '../notifications/notice-sender';
import type { StaffContext } from '../staff/context';
import type { SchoolRow } from '../tenancy/repository';
import { courseMessagePolicy, messagePolicy, schoolMessagePolicy } from './policy';
import { fromOf, presentMessage } from './presenter';
import { messageRepository } from './repository';

export const STAFF_MESSAGE = 'staff-message';
/** Students reached per transaction: their bell notices, e-mails and recipient rows commit together. */
export const MESSAGE_BATCH = 200;

/**
 * Announcements (issue 23): a member of staff writes to the students of a course, a class or the whole school;
 * the request records the message and its job in one transaction, and the job reaches the students batch by
 * batch (the bell, and the e-mail unless they turned announcements off), counting whom it reached.
 */
export function messageService(app: FastifyInstance) {
  const repo = messageRepository(app.db);
  const notify = noticeSender(app);

  /** The course and class a message names, checked for the caller; a body's reference answers a field's error. */
  async function targetOf(ctx: StaffContext, body: NewMessage) {
    if (body.audience === 'school') {
      if (!schoolMessagePolicy.can(ctx.actor, 'send', ctx.school)) throw new DomainError(403, { detail: msg.schoolRefused });
      return { courseId: null, classId: null };
    }
    const course = await repo.course(ctx.school.id, body.course!);
    if (!course || !courseMessagePolicy.can(ctx.actor, 'send', course)) throw invalid({ course: msg.courseNotYours });
    if (body.class !== null && !(await repo.classOf(course.id, body.class))) throw invalid({ class: msg.classNotHere });
    return { courseId: course.id, classId: body.class };
  }

  async function visible(ctx: StaffContext, id: number) {
    const found = await repo.find(ctx.school.id, id);
    if (!found) throw notFound();
    messagePolicy.authorize(ctx.actor, 'read', found.message);
    return found;
  }

  return {
    async send(ctx: StaffContext, body: NewMessage) {
      const target = await targetOf(ctx, body);
      const values = { schoolId: ctx.school.id, audience: body.audience, ...target };
      if ((await repo.audienceSize(values)) === 0) throw invalid({ audience: msg.nobody });
      const id = await app.db.transaction(async (tx) => {
        const row = await messageRepository(tx).insert({ ...values, sentBy: ctx.actor.userId, subject: body.subject, body: body.body, state: 'queued' });
        await recordAudit(tx, ctx.audit, { action: 'message.send', subject: { type: 'message', id: row.id }, after: { audience: body.audience, course: target.courseId, class: target.classId, subject: body.subject } });
        await app.jobs.send(STAFF_MESSAGE, { id: row.id }, { tx });
        return row.id;
      });
      return presentMessage((await repo.find(ctx.school.id, id))!);
    },

    /** An administrator's history holds the school's every message; an instructor's, those they sent. */
    async list(ctx: StaffContext, page: number, perPage: number) {
      const sentBy = can(ctx.actor, 'message.school') ? null : ctx.actor.userId;
      const { rows, total } = await repo.page(ctx.school.id, sentBy, perPage, (page - 1) * perPage);
      return pageOf(rows.map(presentMessage), total, page, perPage);
    },

    one: async (ctx: StaffContext, id: number) => presentMessage(await visible(ctx, id)),

    async recipients(ctx: StaffContext, id: number, page: number, perPage: number) {
      await visible(ctx, id);
      const { rows, total } = await repo.recipients(id, perPage, (page - 1) * perPage);
      return pageOf(
        rows.map((r) => ({ id: r.person.id, name: displayName(r.person), email: r.person.email, emailed: r.emailed })),
        total,
        page,
        perPage,
      );
    },

    /** What the caller may write to, each with the students it would reach today. */
    async audiences(ctx: StaffContext): Promise<MessageAudiences> {
      const admin = can(ctx.actor, 'message.school');
      const { courseRows, classRows, counts } = await repo.audiences(ctx.school.id, admin ? null : ctx.actor.userId);
      const inCourse = new Map<number, number>();
      const inClass = new Map<number, number>();
      for (const c of counts) {
        inCourse.set(c.courseId, (inCourse.get(c.courseId) ?? 0) + c.n);
        if (c.classId !== null) inClass.set(c.classId, (inClass.get(c.classId) ?? 0) + c.n);
      }
      return {
        school: admin ? { students: await repo.audienceSize({ schoolId: ctx.school.id, audience: 'school', courseId: null, classId: null }) } : null,
        courses: courseRows.map((course) => ({
          ...course,
          students: inCourse.get(course.id) ?? 0,
          classes: classRows.filter((c) => c.courseId === course.id).map((c) => ({ id: c.id, name: c.name, students: inClass.get(c.id) ?? 0 })),
        })),
      };
    },

    /** A message as its student reads it: 404 for anybody it did not reach, and on another school's site. */
    async forStudent(school: SchoolRow, userId: number, id: number): Promise<StudentMessage> {
      const row = await repo.toRecipient(school.id, userId, id);
      if (!row) throw notFound();
      return {
        id: row.message.id,
        subject: row.message.subject,
        body: row.message.body,
        from: fromOf(row.sender, school),
        course: row.course && row.slug ? { name: row.course, slug: row.slug } : null,
        sent_at: row.message.createdAt.toISOString(),
      };
    },

    /**
     * The job: the audience read in keyset batches by user id, each batch in one transaction (recipients,
     * notifications and e-mails together), so that a retry after a failure goes on after the last student reached
     * and reaches nobody twice. The audience is read as it is when the job runs. A failure shows as such once no
     * retry follows (`lastAttempt`); until then the message is still being sent.
     */
    async deliver(id: number, lastAttempt = true) {
      const found = await repo.findWithSchool(id);
      if (!found || found.message.state === 'sent') return;
      const { message, school, sender } = found;
      await repo.update(id, { state: 'sending' });
      const from = fromOf(sender, school);
      let after = await repo.lastReached(id);
      try {
        for (;;) {
          const batch = await app.db.transaction(async (tx) => {
            const messages = messageRepository(tx);
            const userIds = await messages.audienceAfter(message, after, MESSAGE_BATCH);
            const fresh = await messages.addRecipients(id, userIds);
            const outgoing: Addressed[] = fresh.map((userId) => ({
              userId,
              schoolId: school.id,
              kind: 'announcement',
              description: describe.announcement(from, message.subject),
              link: links.message(id),
              key: `message:${id}:${userId}`,
              mail: { kind: 'announcement', template: 'staff-message', params: { subject: message.subject, body: message.body, from } },
            }));
            const { mailed } = await notify(tx, outgoing);
            const emailed = outgoing.filter((o) => mailed.has(o.key)).map((o) => o.userId);
            await messages.markEmailed(id, emailed);
            return userIds;
          });
          if (batch.length < MESSAGE_BATCH) break;
          after = batch.at(-1)!;
        }
        await repo.update(id, { state: 'sent', finishedAt: new Date() });
      } catch (error) {
        if (lastAttempt) await repo.update(id, { state: 'failed' });
        throw error;
      }
    },
  };
}
