import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '@school/shared/auth/messages';
import { client } from './support/http';
import { unique } from './support/factories';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
beforeAll(async () => {
  // Behind a proxy, each test client gets its own address, so other test files cannot disturb the counts.
  server = await startServer({ THROTTLE_MAX: '3', THROTTLE_WINDOW_SECONDS: '60', TRUST_PROXY: '1' });
});
afterAll(() => server.close());

const address = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

describe('throttling', () => {
  it('answers 429 with Retry-After after THROTTLE_MAX logins for one account', async () => {
    const api = client(server.url);
    const ip = address();
    const username = unique('victim');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await api.post('/api/v1/api-token-auth/', { username, password: 'wrong-password1' }, { headers: { 'x-forwarded-for': ip } });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.body).toEqual({ detail: serverMessages.throttled });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([400, 400, 400, 429, 429]);
    // Another address is not affected.
    const elsewhere = await api.post('/api/v1/api-token-auth/', { username, password: 'wrong-password1' }, { headers: { 'x-forwarded-for': address() } });
    expect(elsewhere.status).toBe(400);
  });

  it('limits one address spraying many accounts', async () => {
    const api = client(server.url);
    const ip = address();
    const statuses: number[] = [];
    for (let i = 0; i < 16; i++) {
      const res = await api.post('/api/v1/account/forgot-password/', { email: `${unique()}@example.com` }, { headers: { 'x-forwarded-for': ip } });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 15).every((s) => s === 400)).toBe(true);
    expect(statuses[15]).toBe(429);
  });

  // Two in-memory PGlite instances share nothing, so this case runs in the PostgreSQL pass.
  it.runIf(process.env.TEST_DATABASE_URL)('keeps the counters in the database, shared by every server process', async () => {
    const second = await startServer({ THROTTLE_MAX: '3', TRUST_PROXY: '1' });
    try {
      const ip = address();
      const username = unique('shared');
      const one = client(server.url);
      const two = client(second.url);
      const statuses = [];
      for (const api of [one, two, one, two]) {
        statuses.push((await api.post('/api/v1/api-token-auth/', { username, password: 'x' }, { headers: { 'x-forwarded-for': ip } })).status);
      }
      expect(statuses).toEqual([400, 400, 400, 429]);
    } finally {
      await second.close();
    }
  });
});
