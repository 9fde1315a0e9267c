import type { FastifyInstance } from 'fastify';
import { kycService, VERIFY_KYC } from './service';

const FORGET_PHOTOS = 'forget-expired-kyc-photos';

/** The automatic check, retried when the engine fails; and a daily sweep of photos past their retention. */
export async function registerKycJobs(app: FastifyInstance) {
  const kyc = kycService(app);
  await app.jobs.define(VERIFY_KYC, { retryLimit: 3, retryDelaySeconds: 10, retryBackoff: true, expireInSeconds: 300 });
  await app.jobs.work<{ submissionId: number }>(VERIFY_KYC, (job) => kyc.check(job.submissionId));
  await app.jobs.define(FORGET_PHOTOS, { retryLimit: 0, expireInSeconds: 30 * 60 });
  await app.jobs.work(FORGET_PHOTOS, async () => {
    const forgotten = await kyc.forgetExpiredPhotos();
    if (forgotten) app.log.info({ forgotten }, 'forgot KYC photos past their retention');
  });
  await app.jobs.schedule(FORGET_PHOTOS, '17 3 * * *');
}
