import { describe, expect, it } from 'vitest';
import { client, request } from './support/http';
import { serverForFile } from './support/server';

const ctx = serverForFile({ BODY_LIMIT_BYTES: '2048' });

describe('bad input never breaks anything', () => {
  it('malformed JSON is a 400 with a clear message', async () => {
    const res = await request(ctx.server.url, '/api/v1/api-token-auth/', { method: 'POST', rawBody: '{"username":', headers: { 'content-type': 'application/json' } });
    expect(res).toMatchObject({ status: 400, body: { detail: 'Malformed JSON in request body.' } });
  });

  it('wrong types are field errors', async () => {
    const res = await client(ctx.server.url).post('/api/v1/api-token-auth/', { username: 42, password: ['x'] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ username: ['Username is required'], password: ['Password is required'] });
  });

  it('a body that is not an object is a form error', async () => {
    const res = await request(ctx.server.url, '/api/v1/api-token-auth/', { method: 'POST', rawBody: '[1,2]', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.non_field_errors).toHaveLength(1);
  });

  it('an oversized body is a 413', async () => {
    const res = await client(ctx.server.url).post('/api/v1/api-token-auth/', { username: 'x'.repeat(5000), password: 'y' });
    expect(res).toMatchObject({ status: 413, body: { detail: 'Request body is too large.' } });
  });

  it('an unsupported media type is a 415', async () => {
    const res = await request(ctx.server.url, '/api/v1/api-token-auth/', { method: 'POST', rawBody: 'username=x', headers: { 'content-type': 'text/csv' } });
    expect(res.status).toBe(415);
    expect(res.body.detail).toBe('Unsupported media type.');
  });

  it('unknown API paths answer 404 JSON, never the web page', async () => {
    for (const path of ['/api/v1/nothing-here/', '/api/v2/school/demo/', '/api']) {
      const res = await request(ctx.server.url, path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).toEqual({ detail: 'Not found.' });
    }
  });

  it('a malformed or unknown token is a 401', async () => {
    const api = client(ctx.server.url);
    expect((await api.get('/api/v1/account/profile/', { headers: { authorization: 'Bearer abc' } })).status).toBe(401);
    expect(await api.get('/api/v1/account/profile/', { token: 'x'.repeat(43) })).toMatchObject({ status: 401, body: { detail: 'Invalid token.' } });
    expect(await api.get('/api/v1/account/profile/')).toMatchObject({ status: 401, body: { detail: 'Authentication credentials were not provided.' } });
  });

  it('sends security headers with a content security policy', async () => {
    const res = await request(ctx.server.url, '/api/v1/school/demo/');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the OpenAPI document at /api/docs', async () => {
    const res = await request(ctx.server.url, '/api/docs/json');
    expect(res.status).toBe(200);
    expect(res.body.paths).toHaveProperty('/api/v1/api-token-auth/');
    expect(res.body.paths).toHaveProperty('/api/v1/school/{domain}/');
    expect(res.body.paths['/api/v1/student/register/'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('g-recaptcha-response');
  });
});
