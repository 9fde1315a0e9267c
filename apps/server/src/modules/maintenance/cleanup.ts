import type { FastifyInstance } from 'fastify';
import { maintenanceRepository } from './repository';

export const CLEANUP = 'cleanup';
/** Every hour, on the hour (UTC). */
export const CLEANUP_CRON = '0 * * * *';

/**
 * Deletes spent rows hourly, as a scheduled job: however many processes run, one of them does it each
 * hour. A failed run is not retried; the next hour's run catches up (the deletes are idempotent).
 */
export async function scheduleCleanup(app: FastifyInstance) {
  const repo = maintenanceRepository(app.db);
  await app.jobs.define(CLEANUP, { retryLimit: 0, expireInSeconds: 15 * 60 });
  // An hourly job can wait half a minute: no need to ask for it twice a second.
  await app.jobs.work(
    CLEANUP,
    async () => {
      const deleted = await repo.deleteSpent(new Date());
      app.log.info({ deleted }, 'deleted spent tokens, links and counters');
    },
    { pollSeconds: 30 },
  );
  await app.jobs.schedule(CLEANUP, CLEANUP_CRON);
}
