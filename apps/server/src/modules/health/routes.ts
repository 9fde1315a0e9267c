import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from './repository';

const tags = ['health'];
const statusSchema = z.object({ status: z.enum(['ok', 'unavailable']), database: z.boolean().optional(), storage: z.boolean().optional() });
/** A check that takes longer than this counts as failed: the load balancer should not wait on a stuck process. */
const CHECK_MS = 2000;

const within = <T>(work: Promise<T>) => Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), CHECK_MS).unref())]);

/**
 * For load balancers and orchestrators, on every host (no school): /healthz says the process
 * answers; /readyz that it can serve, its database and storage reachable (503 otherwise, with which one failed).
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { school: false as const };

  app.get('/healthz', { config, schema: { tags, summary: 'The process is up', response: { 200: statusSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const };
  });

  app.get('/readyz', { config, schema: { tags, summary: 'The process can serve: its database and storage answer (503 when either does not)', response: { 200: statusSchema, 503: statusSchema } } }, async (_request, reply) => {
    const [database, storage] = await Promise.all([
      within(pingDatabase(app.db)).then(() => true, () => false),
      // An unknown key answers null: reaching the storage is what counts.
      within(app.storage.head('readyz', 'private', 1)).then(() => true, () => false),
    ]);
    reply.header('cache-control', 'no-store');
    const ready = database && storage;
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', database, storage });
  });
};
