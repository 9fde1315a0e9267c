import type { FastifyInstance } from 'fastify';
import { loggableError } from '../../lib/log-redaction';
import { maintenanceRepository } from './repository';

const EVERY_MS = 60 * 60 * 1000;

/**
 * Deletes spent rows soon after start and then hourly. Every process may run it: the deletes are
 * idempotent. (The jobs mechanism of a later issue will schedule it once per deployment.)
 */
export function scheduleCleanup(app: FastifyInstance) {
  const repo = maintenanceRepository(app.db);
  const run = () =>
    repo.deleteSpent(new Date()).then(
      (deleted) => app.log.info({ deleted }, 'deleted spent tokens, links and counters'),
      (error: unknown) => app.log.warn({ err: loggableError(error) }, 'cleanup failed; trying again later'),
    );
  const first = setTimeout(run, 10_000).unref();
  const hourly = setInterval(run, EVERY_MS).unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(hourly);
  });
}
