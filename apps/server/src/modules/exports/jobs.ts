import type { FastifyInstance } from 'fastify';
import { exportService, STAFF_EXPORT } from './service';

const FORGET_OLD = 'forget-old-exports';

/** The exports' job (no retry: a failure is recorded and told, and asked for again by a person) and the daily removal of old files. */
export async function registerExportJobs(app: FastifyInstance) {
  const exports = exportService(app);
  await app.jobs.define(STAFF_EXPORT, { retryLimit: 0, expireInSeconds: 15 * 60 });
  await app.jobs.work<{ id: number }>(STAFF_EXPORT, (job) => exports.run(job.id));
  await app.jobs.define(FORGET_OLD, { retryLimit: 0, expireInSeconds: 30 * 60 });
  await app.jobs.work(FORGET_OLD, async () => {
    const forgotten = await exports.forgetOld();
    if (forgotten) app.log.info({ forgotten }, 'removed old exports');
  });
  await app.jobs.schedule(FORGET_OLD, '17 3 * * *');
}
