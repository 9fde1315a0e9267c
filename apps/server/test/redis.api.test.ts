import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '@school/shared/auth/messages';
import { client } from './support/http';
import { humanToken } from './support/human';
import { PASSWORD, unique } from './support/factories';
import { startServer, type TestServer } from './support/server';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const reachable = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(REDIS_URL);
  const socket = net.connect(Number(port || 6379), hostname);
  socket.once('connect', () => (socket.end(), resolve(true)));
  socket.once('error', () => resolve(false));
});

// With REDIS_URL the shared state moves to Redis; machines without a Redis server skip this file.
describe.runIf(reachable)('shared state in Redis', () => {
  let one: TestServer;
  let two: TestServer;
  beforeAll(async () => {
    one = await startServer({ REDIS_URL, THROTTLE_MAX: '2', TRUST_PROXY: '1' });
    two = await startServer({ REDIS_URL, THROTTLE_MAX: '2', TRUST_PROXY: '1' });
    // Two servers, each migrating and seeding its own PGlite: twice the usual start, more on a loaded machine.
  }, 180_000);
  afterAll(async () => {
    await one?.close();
    await two?.close();
  });

  it('counts throttled attempts across server processes', async () => {
    const ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const username = unique('redis');
    const statuses = [];
    for (const server of [one, two, one]) {
      const res = await client(server.url).post('/api/v1/api-token-auth/', { username, password: 'x' }, { headers: { 'x-forwarded-for': ip } });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([400, 400, 429]);
  });

  it('refuses a human-check token replayed on another process', async () => {
    const token = await humanToken(one.url);
    const body = () => ({ username: unique(), email: `${unique()}@example.com`, password1: PASSWORD, password2: PASSWORD, 'g-recaptcha-response': token });
    expect((await client(one.url).post('/api/v1/student/register/', body())).status).toBe(201);
    const replay = await client(two.url).post('/api/v1/student/register/', body());
    expect(replay.body).toEqual({ non_field_errors: [serverMessages.humanCheckFailed] });
  });
});
