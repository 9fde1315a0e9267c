import type { FastifyInstance } from 'fastify';
import { paymentService } from './service';

export const EXPIRE_PAYMENTS = 'expire-payments';
/** Every five minutes: a lapsed over-the-counter code gives back its voucher use and coins soon after. */
export const EXPIRE_PAYMENTS_CRON = '*/5 * * * *';

/** Fails open payments past their expiry, once per deployment per run (a cron job); reading one fails it too. */
export async function scheduleExpiry(app: FastifyInstance) {
  const payments = paymentService(app);
  await app.jobs.define(EXPIRE_PAYMENTS, { retryLimit: 0, expireInSeconds: 5 * 60 });
  await app.jobs.work(EXPIRE_PAYMENTS, async () => {
    const failed = await payments.expireLapsed();
    if (failed) app.log.info({ failed }, 'failed lapsed over-the-counter payments');
  }, { pollSeconds: 30 });
  await app.jobs.schedule(EXPIRE_PAYMENTS, EXPIRE_PAYMENTS_CRON);
}
