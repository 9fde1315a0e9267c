import type { FastifyInstance } from 'fastify';
import { PROBE_UPLOAD, uploadService } from './service';

const FORGET_UNUSED = 'forget-unattached-uploads';

/** The probe of each finished upload (retried: ffprobe may be busy), and the hourly removal of unused ones. */
export async function registerUploadJobs(app: FastifyInstance) {
  const uploads = uploadService(app);
  await app.jobs.define(PROBE_UPLOAD, { retryLimit: 3, retryDelaySeconds: 10, retryBackoff: true, expireInSeconds: 15 * 60 });
  await app.jobs.work<{ id: string }>(PROBE_UPLOAD, (job) => uploads.probe(job.id));
  await app.jobs.define(FORGET_UNUSED, { retryLimit: 0, expireInSeconds: 30 * 60 });
  await app.jobs.work(FORGET_UNUSED, async () => {
    let forgotten = 0;
    for (let batch = await uploads.forgetUnused(); batch > 0; batch = await uploads.forgetUnused()) forgotten += batch;
    if (forgotten) app.log.info({ forgotten }, 'forgot uploads no lesson uses');
  });
  await app.jobs.schedule(FORGET_UNUSED, '41 * * * *');
}
