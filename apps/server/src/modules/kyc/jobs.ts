import type { FastifyInstance } from 'fastify';
import { kycService, VERIFY_KYC } from './service';

const FORGET_PHOTOS = 'forget-expired-kyc-photos';
const STALE_CHECKS = 'hand-stale-kyc-checks-to-staff';
/** A sweep of expired photos stops after this long and goes on at the next hour. */
const FORGET_BUDGET_MS = 5 * 60_000;

/**
 * The automatic check (retried when the engine fails); every 10 minutes, checks that never ended go to the
 * school's staff; every hour, photos past their retention are removed, batch after batch.
 */
export async function registerKycJobs(app: FastifyInstance) {
  const kyc = kycService(app);
  await app.jobs.define(VERIFY_KYC, { retryLimit: 3, retryDelaySeconds: 10, retryBackoff: true, expireInSeconds: 300 });
  await app.jobs.work<{ submissionId: number }>(VERIFY_KYC, (job) => kyc.check(job.submissionId));
  await app.jobs.define(STALE_CHECKS, { retryLimit: 0, expireInSeconds: 10 * 60 });
  await app.jobs.work(STALE_CHECKS, async () => {
    const handed = await kyc.sendStaleToStaff();
    if (handed) app.log.warn({ handed }, 'automatic KYC checks that never ended went to manual verification');
  });
  await app.jobs.schedule(STALE_CHECKS, '*/10 * * * *');
  await app.jobs.define(FORGET_PHOTOS, { retryLimit: 0, expireInSeconds: 30 * 60 });
  await app.jobs.work(FORGET_PHOTOS, async () => {
    const until = Date.now() + FORGET_BUDGET_MS;
    let forgotten = 0;
    for (let batch = await kyc.forgetExpiredPhotos(); batch > 0 && Date.now() < until; batch = await kyc.forgetExpiredPhotos()) forgotten += batch;
    if (forgotten) app.log.info({ forgotten }, 'forgot KYC photos past their retention');
  });
  await app.jobs.schedule(FORGET_PHOTOS, '17 * * * *');
}
