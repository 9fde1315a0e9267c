import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { sealer } from '../../lib/seal';
import type { SchoolRow } from '../tenancy/repository';
import { mailRepository } from './repository';
import { emailTemplates, type EmailParams, type EmailTemplate, type RenderedMail } from './templates';

export const SEND_EMAIL = 'send-email';

/**
 * What waits in the queue: the template and school in the clear (for whoever looks at the queue), the
 * address and parameters sealed, since they carry links that open accounts (their keys are only hashed
 * in our own tables).
 */
interface SendEmailJob {
  template: EmailTemplate;
  schoolId: number;
  sealed: string;
}

/** Rendered and sent by a worker with retries: a slow or failing mail server never holds up a request. */
export function emailQueue(app: FastifyInstance) {
  const box = sealer(app.config.SECRET_KEY, SEND_EMAIL);
  return {
    /**
     * Enqueues an e-mail; with `tx` it is sent only if that transaction commits. A `notice` (a payment, a
     * certificate) waits behind account e-mails, whose links somebody is waiting for at the screen.
     */
    async send<T extends EmailTemplate>(input: { tx?: Db; schoolId: number; to: string; template: T; params: EmailParams<T>; notice?: boolean }) {
      const job: SendEmailJob = { template: input.template, schoolId: input.schoolId, sealed: box.seal({ to: input.to, params: input.params }) };
      await app.jobs.send(SEND_EMAIL, job, { tx: input.tx, priority: input.notice ? -1 : 0 });
    },
  };
}

/** Defines the queue (every process) and works it (processes with workers): renders, then the Mailer sends. */
export async function registerSendEmail(app: FastifyInstance) {
  const box = sealer(app.config.SECRET_KEY, SEND_EMAIL);
  const schools = mailRepository(app.db);
  // 5 retries, the first after 10 to 20 s and each later one twice as late: 5 to 10 minutes in all.
  await app.jobs.define(SEND_EMAIL, { retryLimit: 5, retryDelaySeconds: 10, retryBackoff: true, expireInSeconds: 120 });
  await app.jobs.work<SendEmailJob>(SEND_EMAIL, async (job) => {
    const render = emailTemplates[job.template] as ((school: SchoolRow, params: unknown) => RenderedMail) | undefined;
    if (!render) throw new Error(`unknown e-mail template ${job.template}`);
    let sealed: { to: string; params: unknown };
    try {
      sealed = box.open(job.sealed);
    } catch {
      // Sealed under another SECRET_KEY: no retry can open it.
      app.log.error({ queue: SEND_EMAIL, template: job.template }, 'e-mail job sealed under another SECRET_KEY; dropped');
      return;
    }
    const school = await schools.findActive(job.schoolId);
    if (!school) return; // The school was closed since: its links would not open.
    await app.mailer.send({ schoolId: school.id, fromName: school.name, to: sealed.to, ...render(school, sealed.params) });
  });
}
