import { afterAll, describe, expect, it } from 'vitest';
import { client } from './support/http';
import { startS3 } from './support/s3';
import { startServer, serverForFile, type TestServer } from './support/server';

const ctx = serverForFile();

describe('GET /healthz and /readyz', () => {
  it('says the process is up, and ready with its database and storage, on any host and unstored', async () => {
    const up = await ctx.api.get('/healthz', { host: 'nowhere.example' });
    expect(up).toMatchObject({ status: 200, body: { status: 'ok' }, headers: { 'cache-control': 'no-store' } });
    const ready = await ctx.api.get('/readyz', { host: '127.0.0.1' });
    expect(ready).toMatchObject({ status: 200, body: { status: 'ok', database: true, storage: true } });
  });

  describe('with a storage that does not answer', () => {
    let unreachable: TestServer;
    afterAll(() => unreachable?.close());

    it('is up but not ready once its S3 server is gone: 503, naming the storage', async () => {
      const s3 = await startS3();
      unreachable = await startServer(s3.env);
      const api = client(unreachable.url);
      expect((await api.get('/readyz')).status).toBe(200);
      await s3.close();
      expect((await api.get('/healthz')).status).toBe(200);
      expect(await api.get('/readyz')).toMatchObject({ status: 503, body: { status: 'unavailable', database: true, storage: false } });
    });
  });
});
