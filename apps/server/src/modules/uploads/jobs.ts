import type { FastifyInstance } from 'fastify';
import { PROBE_UPLOAD, uploadService } from './service';

const FORGET_UNATTACHED = 'forget-unattached-uploads';

/** The probe of each finished upload (retried: ffprobe may be busy), and the hourly removal of unused ones. */
export async function registerUploadJobs(app: FastifyInstance) {
  const uploads = uploadService(app);
  await app.jobs.define(PROBE_UPLOAD, { retryLimit: 3, retryDelaySeconds: 10, retryBackoff: true, expireInSeconds: 15 * 60 });
  await app.jobs.work<{ id: string }>(PROBE_UPLOAD, (job) => uploads.probe(job.id));
  await app.jobs.define(FORGET_UNATTACHED, { retryLimit: 0, expireInSeconds: 30 * 60 });
  await app.jobs.work(FORGET_UNATTACHED, async () => {
    let forgotten = 0;
    for (let batch = await uploads.forgetUnattached(); batch > 0; batch = await uploads.forgetUnattached()) forgotten += batch;
    if (forgotten) app.log.info({ forgotten }, 'forgot uploads no lesson took');
  });
  await app.jobs.schedule(FORGET_UNATTACHED, '41 * * * *');
}
