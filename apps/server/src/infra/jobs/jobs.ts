import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database, Db } from '../../db/client';
import { loggableError } from '../../lib/log-redaction';
import { drizzleExecutor, pgliteExecutor, poolExecutor, type SqlExecutor } from './executors';

export interface QueueOptions {
  /** Retries after the first failure (pg-boss's default is 2). */
  retryLimit?: number;
  /** Seconds before a retry; with `retryBackoff` the first delay, doubled (with jitter) each time. */
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /** A job running longer is failed (and retried). */
  expireInSeconds?: number;
  /** 'short': at most one job waits per singletonKey (more sends are dropped); pg-boss's 'standard' by default. */
  policy?: 'standard' | 'short';
}

export interface SendOptions {
  /** The Drizzle transaction the job belongs to: it is enqueued if and only if that commits. */
  tx?: Db;
  /** One job per key waiting at a time (pg-boss's singletonKey with the queue's policy). */
  singletonKey?: string;
  startAfterSeconds?: number;
  /** Workers take higher priorities first (pg-boss; 0 unless given). */
  priority?: number;
}

export interface JobInfo {
  id: string;
  name: string;
  /** No retry follows if this run fails: what the job tells people may say so. */
  lastAttempt: boolean;
}

/**
 * Background jobs on the application's own database (pg-boss): PGlite or PostgreSQL. Every process may
 * send; only processes with workers on (JOBS_WORKERS) work queues, run the schedules and the maintenance.
 */
export interface Jobs {
  readonly workers: boolean;
  /** Creates the queue or updates its retry policy; every process defines the queues it sends to. */
  define(name: string, options?: QueueOptions): Promise<void>;
  /** Enqueues; with `tx` inside that transaction. On PGlite, a send inside a transaction needs its `tx`. */
  send(name: string, data: object, options?: SendOptions): Promise<string | null>;
  /**
   * Runs the handler for each job of the queue, one at a time; a throw fails the job (retried per queue).
   * A sent job wakes the queue's workers in every process once committed (NOTIFY); besides, the queue is
   * polled every JOBS_POLL_SECONDS unless `pollSeconds` says otherwise (retries, delayed jobs, a missed NOTIFY).
   */
  work<T extends object>(name: string, handler: (data: T, job: JobInfo) => Promise<void>, options?: { pollSeconds?: number }): Promise<void>;
  /** A cron schedule (UTC) sending an empty job to the queue: once per deployment, not per process. */
  schedule(name: string, cron: string): Promise<void>;
  schedules(): Promise<{ name: string; cron: string }[]>;
  stop(): Promise<void>;
}

export interface JobsOptions {
  workers: boolean;
  pollSeconds: number;
  /** How often the deployment's supervision (one worker at a time) expires jobs that ran too long and archives. */
  maintenanceSeconds?: number;
  log: FastifyBaseLogger;
  /** How long stopping waits for running jobs before failing them (to be retried). */
  stopTimeoutMs?: number;
}

/** NOTIFYed with a queue's name when a job is sent: delivered at commit, it wakes that queue's workers everywhere. */
const JOB_SENT = 'job_sent';
// Any fixed number (client.ts's migration lock is 727_001): processes create queues one at a time.
const QUEUE_LOCK_ID = 727_002;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Counts the queries in flight, so that stopping can wait until the last worker query has come back. */
function counted(executor: SqlExecutor) {
  let inFlight = 0;
  return {
    executor: {
      async executeSql(text: string, values?: unknown[]) {
        inFlight++;
        try {
          return await executor.executeSql(text, values);
        } finally {
          inFlight--;
        }
      },
    } satisfies SqlExecutor,
    busy: () => inFlight > 0,
  };
}

export async function startJobs(database: Database, options: JobsOptions): Promise<Jobs> {
  const { log, workers } = options;
  const base = database.driver.kind === 'pglite' ? pgliteExecutor(database.driver.client) : poolExecutor(database.driver.pool);
  const { executor, busy } = counted(base);
  const boss = new PgBoss({
    db: executor as PgBoss.Db,
    migrate: true,
    // Expiry, retries of expired jobs, archiving and cron: on the processes that work jobs.
    supervise: workers,
    schedule: workers,
    // A job left running by a killed process is failed (and retried) at its queue's expiry plus at most this.
    ...(options.maintenanceSeconds ? { maintenanceIntervalSeconds: options.maintenanceSeconds } : {}),
  });
  boss.on('error', (error: unknown) => log.warn({ err: loggableError(error) }, 'job queue error'));
  await boss.start();

  /**
   * pg-boss 10 creates a queue's partition with DDL that deadlocks against another process creating one at
   * the same moment (several servers starting on a new database): on PostgreSQL, one process at a time.
   */
  async function oneAtATime<T>(fn: () => Promise<T>): Promise<T> {
    if (database.driver.kind !== 'postgres') return fn();
    const client = await database.driver.pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [QUEUE_LOCK_ID]);
      try {
        return await fn();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [QUEUE_LOCK_ID]);
      }
    } finally {
      client.release();
    }
  }

  const workerIds = new Map<string, string>();
  let running = 0;
  let stopping = false;
  // Workers poll, and also wake when any process's send commits: mail leaves in milliseconds, not at the next poll.
  const wake = (name: string) => {
    const workerId = workerIds.get(name);
    if (workerId && !stopping) boss.notifyWorker(workerId);
  };
  const unlisten = workers ? await database.listen(JOB_SENT, { onNotify: wake }) : null;

  return {
    workers,

    async define(name, queue = {}) {
      // pg-boss checks each key that is present: leave out the ones not given.
      const given = { policy: queue.policy, retryLimit: queue.retryLimit, retryDelay: queue.retryDelaySeconds, retryBackoff: queue.retryBackoff, expireInSeconds: queue.expireInSeconds };
      const settings: PgBoss.Queue = { name, ...Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) };
      await oneAtATime(async () => {
        await boss.createQueue(name, settings);
        // A queue created by an older release takes the current policy.
        await boss.updateQueue(name, settings);
      });
    },

    async send(name, data, { tx, singletonKey, startAfterSeconds, priority } = {}) {
      const id = await boss.send(name, data, {
        ...(priority ? { priority } : {}),
        ...(tx ? { db: drizzleExecutor(tx) as PgBoss.Db } : {}),
        ...(singletonKey ? { singletonKey } : {}),
        ...(startAfterSeconds ? { startAfter: startAfterSeconds } : {}),
      });
      if (id && !startAfterSeconds) {
        // In a transaction the NOTIFY is delivered at its commit (never after a rollback), like the job itself.
        if (tx) {
          await tx.execute(sql`select pg_notify(${JOB_SENT}, ${name})`);
        } else {
          await executor.executeSql('select pg_notify($1, $2)', [JOB_SENT, name]);
          wake(name);
        }
      }
      return id;
    },

    async work(name, handler, { pollSeconds = options.pollSeconds } = {}) {
      if (!workers) return;
      const id = await boss.work<object>(name, { pollingIntervalSeconds: pollSeconds, batchSize: 1, includeMetadata: true }, async ([job]) => {
        if (!job) return;
        running++;
        try {
          await handler(job.data as never, { id: job.id, name: job.name, lastAttempt: job.retryCount >= job.retryLimit });
        } catch (error) {
          log.warn({ err: loggableError(error), queue: name, job: job.id }, 'job failed; it is retried while its queue allows');
          throw error;
        } finally {
          running--;
        }
      });
      workerIds.set(name, id);
    },

    async schedule(name, cron) {
      await boss.schedule(name, cron, {}, { tz: 'UTC' });
    },

    async schedules() {
      return (await boss.getSchedules()).map((s) => ({ name: s.name, cron: s.cron }));
    },

    async stop() {
      if (stopping) return;
      stopping = true;
      await unlisten?.();
      const timeout = options.stopTimeoutMs ?? 10_000;
      await boss.stop({ graceful: true, wait: true, close: false, timeout });
      // A worker's last fetch may still be on its way back with a job: let it finish before the database closes.
      const until = Date.now() + timeout;
      let idleChecks = 0;
      while (idleChecks < 2 && Date.now() < until) {
        idleChecks = running > 0 || busy() ? 0 : idleChecks + 1;
        await delay(20);
      }
    },
  };
}
