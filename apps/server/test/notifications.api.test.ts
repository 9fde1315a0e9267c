import { describe, expect, it } from 'vitest';
import { notificationRepository } from '../src/modules/notifications/repository';
import { registerStudent } from './support/factories';
import { serverForFile } from './support/server';

const ctx = serverForFile();

describe('notifications', () => {
  it('pages newest first with the unread count, and marks all read', async () => {
    const student = await registerStudent(ctx.server.url);
    const repo = notificationRepository(ctx.server.database.db);
    for (let i = 1; i <= 12; i++) await repo.create(student.id, `Message ${i}`);

    const first = await ctx.api.get('/api/v1/notifications/?page=1', { token: student.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: 12, page: 1, pages: 2, next: 2, unread: 12 });
    expect(first.body.data).toHaveLength(10);
    expect(first.body.data[0]).toMatchObject({ description: 'Message 12', read: false });
    const second = await ctx.api.get('/api/v1/notifications/?page=2', { token: student.token });
    expect(second.body).toMatchObject({ page: 2, next: null });
    expect(second.body.data.map((n: { description: string }) => n.description)).toEqual(['Message 2', 'Message 1']);

    expect((await ctx.api.post('/api/v1/notifications/mark-all-read/', {}, { token: student.token })).status).toBe(200);
    const after = await ctx.api.get('/api/v1/notifications/', { token: student.token });
    expect(after.body.unread).toBe(0);
    expect(after.body.data[0].read).toBe(true);
  });

  it("shows nobody else's notifications", async () => {
    const other = await registerStudent(ctx.server.url);
    const res = await ctx.api.get('/api/v1/notifications/', { token: other.token });
    expect(res.body).toMatchObject({ count: 0, data: [], unread: 0, pages: 1, next: null });
  });

  it('needs a login and a sane page', async () => {
    expect((await ctx.api.get('/api/v1/notifications/')).status).toBe(401);
    const student = await registerStudent(ctx.server.url);
    expect((await ctx.api.get('/api/v1/notifications/?page=0', { token: student.token })).status).toBe(400);
    expect((await ctx.api.get('/api/v1/notifications/?page=abc', { token: student.token })).status).toBe(400);
  });
});

describe('notification HTML', () => {
  it('keeps simple markup and drops scripts and handlers', async () => {
    const student = await registerStudent(ctx.server.url);
    await notificationRepository(ctx.server.database.db).create(
      student.id,
      '<strong>Hi</strong><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a>',
    );
    const res = await ctx.api.get('/api/v1/notifications/', { token: student.token });
    expect(res.body.data[0].description).toBe('<strong>Hi</strong><a rel="noopener noreferrer">x</a>');
  });
});
