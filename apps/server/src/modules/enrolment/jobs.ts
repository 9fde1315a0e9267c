import type { FastifyInstance } from 'fastify';
import { ROSTER_IMPORT, rosterImportService } from './staff-roster-import-service';

/** Roster imports (no retry: a failure is recorded on the import, whose lines done so far stay done). */
export async function registerEnrolmentJobs(app: FastifyInstance) {
  const imports = rosterImportService(app);
  await app.jobs.define(ROSTER_IMPORT, { retryLimit: 0, expireInSeconds: 60 * 60 });
  await app.jobs.work<{ id: number }>(ROSTER_IMPORT, (job) => imports.run(job.id));
}
