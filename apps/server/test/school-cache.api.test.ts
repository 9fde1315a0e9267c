import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { schoolSocials, schools } from '../src/db/schema/index';
import { LISTEN_APPLICATION_NAME } from '../src/db/listen';
import { createSchool, unique, waitFor } from './support/factories';
import { client } from './support/http';
import { serverForFile, startServer, type TestServer } from './support/server';

/**
 * Each process keeps host -> school in memory (modules/tenancy/school-cache.ts); triggers NOTIFY
 * 'school_changed' and every process LISTENs, so a change made anywhere, even by hand in the database, is
 * seen by the next request once the server has heard of it: at once on PGlite (the NOTIFY comes back with
 * the statement that sent it), within milliseconds on PostgreSQL (another connection delivers it).
 */
const ctx = serverForFile();
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** What a server's school cache hears: each change's payload (a school's id, '' for every school). */
function heardBy(server: TestServer) {
  const payloads: string[] = [];
  const listener = (payload: string) => void payloads.push(payload);
  server.app.schools.changes.on('forget', listener);
  return {
    /** Until the server has heard of this school (or of every school). */
    of: (schoolId: number | '') =>
      waitFor(async () => (payloads.includes(String(schoolId)) || payloads.includes('') ? true : undefined), 10_000).finally(() => {
        payloads.length = 0;
      }),
    stop: () => server.app.schools.changes.off('forget', listener),
  };
}

/** Makes a change to a school in the database and waits until each server has heard of it. */
async function change<T>(schoolId: number, write: () => Promise<T>, servers: TestServer[] = [ctx.server]): Promise<T> {
  const ears = servers.map(heardBy);
  try {
    const result = await write();
    await Promise.all(ears.map((ear) => ear.of(schoolId)));
    return result;
  } finally {
    for (const ear of ears) ear.stop();
  }
}

/** A school-scoped call through the school's own host. */
const throughHost = (host: string) => ctx.api.get('/api/v1/course/categories-list/', { host });

/**
 * What the server keeps under a host right after a request that fills it. Polled: on PostgreSQL the test
 * files share one database, and another file's change to any school's host names drops everything kept.
 */
const keptAfter = (request: () => Promise<unknown>, host: string, cache = ctx.server.app.schools) =>
  expect.poll(async () => {
    await request();
    return cache.knownByHost(host);
  });

describe('the school kept in the process', () => {
  it('sees a school changed directly in the database on the next request', async () => {
    const db = ctx.server.database.db;
    const school = await createSchool(db, { name: 'Before' });
    // Both lookups fill the cache: by the path's domain and by the Host of a school-scoped call.
    expect((await ctx.api.get(`/api/v1/school/${school.domain}/`)).body.name).toBe('Before');
    expect((await throughHost(school.host)).status).toBe(200);
    await keptAfter(() => ctx.api.get(`/api/v1/school/${school.domain}/`), school.domain).toMatchObject({ id: school.id, name: 'Before' });

    await change(school.id, () => db.update(schools).set({ name: 'After', primaryColor: '#123456' }).where(eq(schools.id, school.id)));
    expect((await ctx.api.get(`/api/v1/school/${school.domain}/`)).body).toMatchObject({ name: 'After', primary_color: '#123456' });

    await change(school.id, () => db.update(schools).set({ isActive: false }).where(eq(schools.id, school.id)));
    expect((await ctx.api.get(`/api/v1/school/${school.domain}/`)).status).toBe(404);
    expect(await throughHost(school.host)).toMatchObject({ status: 404, body: { detail: "This school's site is not available.", code: 'school_unavailable' } });

    await change(school.id, () => db.update(schools).set({ isActive: true }).where(eq(schools.id, school.id)));
    expect((await throughHost(school.host)).status).toBe(200);
  });

  it('sees a new school at a host that was unknown, and a domain moved away', async () => {
    const db = ctx.server.database.db;
    const domain = unique('newschool').toLowerCase();
    expect((await throughHost(`${domain}.localhost`)).status).toBe(404);
    await keptAfter(() => throughHost(`${domain}.localhost`), `${domain}.localhost`).toBeNull();
    // The new school's id is not known before the insert: any change drops every "no such school".
    const ear = heardBy(ctx.server);
    const school = await createSchool(db, { domain });
    await ear.of(school.id).finally(ear.stop);
    expect((await throughHost(`${domain}.localhost`)).status).toBe(200);

    const moved = unique('moved').toLowerCase();
    await change(school.id, () => db.update(schools).set({ domain: moved }).where(eq(schools.id, school.id)));
    expect((await throughHost(`${domain}.localhost`)).status).toBe(404);
    expect((await ctx.api.get(`/api/v1/school/${moved}/`)).body.id).toBe(school.id);
  });

  it("sees a school's social links change", async () => {
    const db = ctx.server.database.db;
    const school = await createSchool(db);
    const socials = () => ctx.api.get(`/api/v1/schools/${school.id}/socials`, { host: school.host });
    expect((await socials()).body.github).toBeNull();
    await change(school.id, () => db.insert(schoolSocials).values({ schoolId: school.id, label: 'github', url: 'https://github.com/one' }));
    expect((await socials()).body.github).toBe('https://github.com/one');
    await change(school.id, () => db.update(schoolSocials).set({ url: 'https://github.com/two' }).where(eq(schoolSocials.schoolId, school.id)));
    expect((await socials()).body.github).toBe('https://github.com/two');
    await change(school.id, () => db.delete(schoolSocials).where(eq(schoolSocials.schoolId, school.id)));
    expect((await socials()).body.github).toBeNull();
  });
});

describe.runIf(onPostgres)('several servers on one PostgreSQL database', () => {
  let other: TestServer | undefined;
  afterAll(() => other?.close());

  it('a change made through one server is seen by the next request to another', async () => {
    other = await startServer();
    const api = client(other.url);
    const both = [ctx.server, other];
    const ears = both.map(heardBy);
    const school = await createSchool(ctx.server.database.db, { name: 'Shared' });
    await Promise.all(ears.map((ear) => ear.of(school.id).finally(ear.stop)));
    expect((await ctx.api.get(`/api/v1/school/${school.domain}/`)).body.name).toBe('Shared');
    // Kept by the other server once it served it (asked again should another test file's change, heard on the
    // shared database, have made it drop everything in between).
    await keptAfter(() => api.get(`/api/v1/school/${school.domain}/`), school.domain, other!.app.schools).toMatchObject({ name: 'Shared' });

    // Written through this server's connection: the other server only hears of it.
    await change(school.id, () => ctx.server.database.db.update(schools).set({ name: 'Renamed' }).where(eq(schools.id, school.id)), both);
    expect((await api.get(`/api/v1/school/${school.domain}/`)).body.name).toBe('Renamed');
    await change(school.id, () => other!.database.db.update(schools).set({ isActive: false }).where(eq(schools.id, school.id)), both);
    expect((await throughHost(school.host)).status).toBe(404);
    expect((await api.get('/api/v1/course/categories-list/', { host: school.host })).status).toBe(404);
  });

  it('keeps nothing while its LISTEN connection is down, and keeps schools again once it is back', async () => {
    const db = ctx.server.database.db;
    const cache = ctx.server.app.schools;
    const listeners = async () =>
      ((await db.execute(sql`select pid from pg_stat_activity where application_name = ${LISTEN_APPLICATION_NAME} and datname = current_database()`)) as unknown as { rows: { pid: number }[] }).rows.map((r) => r.pid);
    const ear = heardBy(ctx.server);
    try {
      const school = await createSchool(db, { name: 'Listening' });
      await ear.of(school.id);
      expect((await throughHost(school.host)).status).toBe(200);
      await keptAfter(() => throughHost(school.host), school.host).toMatchObject({ id: school.id });

      // Drops every server's LISTEN connection on this database; each one opens a new one.
      const dropped = await listeners();
      await db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${LISTEN_APPLICATION_NAME} and datname = current_database()`);
      await ear.of(''); // the loss: everything kept is dropped
      // No NOTIFY reaches this server now and the TTL (30 s) is far: it must not answer from memory.
      await db.update(schools).set({ isActive: false }).where(eq(schools.id, school.id));
      expect((await throughHost(school.host)).status).toBe(404);
      expect(cache.knownByHost(school.host)).toBeUndefined();

      await ear.of(''); // listening again (a NOTIFY may have been missed meanwhile: everything is dropped once more)
      expect((await listeners()).some((pid) => !dropped.includes(pid))).toBe(true);
      expect((await throughHost(school.host)).status).toBe(404);
      // Kept again: a deactivated school is known, and its site says it is not available.
      await keptAfter(() => throughHost(school.host), school.host).toMatchObject({ id: school.id, isActive: false });
      await change(school.id, () => db.update(schools).set({ isActive: true, name: 'Heard again' }).where(eq(schools.id, school.id)));
      expect((await ctx.api.get(`/api/v1/school/${school.domain}/`)).body.name).toBe('Heard again');
      await keptAfter(() => ctx.api.get(`/api/v1/school/${school.domain}/`), school.domain).toMatchObject({ name: 'Heard again' });
    } finally {
      ear.stop();
    }
  });
});
