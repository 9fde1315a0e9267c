import { describe, expect, it } from 'vitest';
import { lastMail, registerStudent } from './support/factories';
import { serverForFile } from './support/server';

const ctx = serverForFile();

describe('the mail outbox (/dev/mailbox)', () => {
  it('answers only visitors on this machine, judged by the socket, whatever a forwarded header claims', async () => {
    const student = await registerStudent(ctx.server.url);
    await lastMail(ctx.server.url, student.email); // sent by a job: there once this answers
    const urls = ['/dev/mailbox', `/dev/mailbox.json?to=${encodeURIComponent(student.email)}`, '/dev/mailbox/1'];
    for (const url of urls) {
      const remote = await ctx.server.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.7', headers: { 'x-forwarded-for': '127.0.0.1' } });
      expect(remote.statusCode, url).toBe(404);
      expect(remote.body).not.toContain(student.email);
    }
    const local = await ctx.server.app.inject({ method: 'GET', url: urls[1]!, remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
    expect(local.json().data[0].to).toBe(student.email);
    expect((await ctx.server.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '::1' })).statusCode).toBe(200);
  });

  it('refuses a local connection that names another site (DNS rebinding) or came through a proxy', async () => {
    const get = (headers: Record<string, string>) => ctx.server.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '127.0.0.1', headers });
    expect((await get({ host: 'acme.localhost:3000' })).statusCode).toBe(200);
    expect((await get({ host: 'attacker.example:3000' })).statusCode).toBe(404);
    const proxied = ['x-forwarded-for', 'x-real-ip', 'forwarded', 'via', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'cf-connecting-ip', 'true-client-ip', 'x-client-ip'];
    for (const header of proxied) {
      expect((await get({ host: 'localhost:3000', [header]: '198.51.100.4' })).statusCode, header).toBe(404);
    }
  });
});
