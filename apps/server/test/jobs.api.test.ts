import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { authTokens } from '../src/db/schema/index';
import { CLEANUP, CLEANUP_CRON } from '../src/modules/maintenance/cleanup';
import { lastMail, registerStudent, unique, waitFor } from './support/factories';
import { serverForFile, startServer } from './support/server';

const ctx = serverForFile();

/** A queue of this test's own: on PostgreSQL other test servers share the database, but not this queue. */
const testQueue = (name: string) => `test-${name}-${unique('q').toLowerCase()}`;

async function jobsIn(db: Db, queue: string) {
  const result = (await db.execute(sql`select state, data from pgboss.job where name = ${queue} order by created_on`)) as unknown as { rows: { state: string; data: Record<string, unknown> }[] };
  return result.rows;
}

describe('sending a job inside a transaction', () => {
  it('enqueues nothing when the transaction rolls back, and the job when it commits', async () => {
    const { app, database } = ctx.server;
    const queue = testQueue('tx');
    await app.jobs.define(queue);

    const failed = database.db.transaction(async (tx) => {
      await app.jobs.send(queue, { n: 1 }, { tx });
      throw new Error('changed my mind');
    });
    await expect(failed).rejects.toThrow('changed my mind');
    expect(await jobsIn(database.db, queue)).toEqual([]);

    await database.db.transaction(async (tx) => {
      await app.jobs.send(queue, { n: 2 }, { tx });
    });
    expect(await jobsIn(database.db, queue)).toEqual([{ state: 'created', data: { n: 2 } }]);
  });
});

describe('workers', () => {
  it('run each job, and retry one that fails', async () => {
    const { app } = ctx.server;
    const queue = testQueue('retry');
    await app.jobs.define(queue, { retryLimit: 2, retryDelaySeconds: 0 });
    const attempts: number[] = [];
    await app.jobs.work<{ n: number }>(queue, async (data) => {
      attempts.push(data.n);
      if (attempts.length === 1) throw new Error('the mail server is down');
    });
    await app.jobs.send(queue, { n: 7 });
    await waitFor(async () => ((await jobsIn(ctx.server.database.db, queue))[0]?.state === 'completed' ? true : undefined));
    expect(attempts).toEqual([7, 7]);
  });

  it('wake when a transaction that sent a job commits, long before their next poll', async () => {
    const { app, database } = ctx.server;
    const queue = testQueue('wake');
    await app.jobs.define(queue);
    let ranAt = 0;
    await app.jobs.work(queue, async () => {
      ranAt = Date.now();
    }, { pollSeconds: 60 });
    await new Promise((resolve) => setTimeout(resolve, 300)); // its first look, at start, found nothing
    const committedAt = await database.db.transaction(async (tx) => {
      await app.jobs.send(queue, { n: 1 }, { tx });
      return Date.now();
    });
    // Its next poll is a minute away: anything well under that is the wake, even on a busy machine.
    await waitFor(async () => (ranAt ? true : undefined), 20_000);
    expect(ranAt - committedAt).toBeLessThan(10_000);
  });

  it('do not run in a process started with JOBS_WORKERS=false, which still sends', async () => {
    const sender = await startServer({ JOBS_WORKERS: 'false' });
    try {
      const queue = testQueue('off');
      await sender.app.jobs.define(queue);
      let ran = false;
      await sender.app.jobs.work(queue, async () => {
        ran = true;
      });
      await sender.app.jobs.send(queue, { n: 1 });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(ran).toBe(false);
      expect(await jobsIn(sender.database.db, queue)).toEqual([{ state: 'created', data: { n: 1 } }]);
    } finally {
      await sender.close();
    }
  }, 120_000); // starts a second server
});

describe('the send-email job', () => {
  it('delivers the verification mail within moments of the request, with no address or link in the queue', async () => {
    // From the sign-up's answer (its job committed with it): the request's own work, a scrypt hash that a busy
    // machine has taken seconds over, is not the job's delay.
    const student = await registerStudent(ctx.server.url);
    const started = Date.now();
    const mail = await lastMail(ctx.server.url, student.email);
    const elapsed = Date.now() - started;
    expect(mail.subject).toMatch(/^Verify your email/);
    expect(elapsed).toBeLessThan(3000);
    console.info(`sign-up answer to outbox: ${elapsed} ms`);

    const key = /key=([\w-]+)/.exec(mail.text)![1]!;
    const queued = (await ctx.server.database.db.execute(
      sql`select data::text as data from pgboss.job where name = 'send-email' union all select data::text from pgboss.archive where name = 'send-email'`,
    )) as unknown as { rows: { data: string }[] };
    const texts = queued.rows.map((r) => r.data);
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) {
      expect(text).not.toContain(student.email);
      expect(text).not.toContain(key);
    }
  });
});

describe('the hourly cleanup', () => {
  it('is one schedule for the deployment, and its job deletes spent rows', async () => {
    const { app, database } = ctx.server;
    expect(await app.jobs.schedules()).toContainEqual({ name: CLEANUP, cron: CLEANUP_CRON });

    const student = await registerStudent(ctx.server.url);
    const keyHash = `${unique('k')}-old`;
    await database.db.insert(authTokens).values({ userId: student.id, keyHash, persistent: false, expiresAt: new Date(Date.now() - 60_000) });
    await app.jobs.send(CLEANUP, {});
    await waitFor(async () => ((await database.db.select().from(authTokens).where(eq(authTokens.keyHash, keyHash))).length === 0 ? true : undefined));
  });
});
