import type { FastifyInstance } from 'fastify';
import { messageService, STAFF_MESSAGE } from './service';

/** Announcements' delivery: retried where it stopped (each batch commits whole; nobody is reached twice). */
export async function registerMessageJobs(app: FastifyInstance) {
  const messages = messageService(app);
  await app.jobs.define(STAFF_MESSAGE, { retryLimit: 5, retryDelaySeconds: 10, retryBackoff: true, expireInSeconds: 30 * 60 });
  await app.jobs.work<{ id: number }>(STAFF_MESSAGE, (job, info) => messages.deliver(job.id, info.lastAttempt));
}
