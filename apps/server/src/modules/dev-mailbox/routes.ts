import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escapeHtml } from '../../infra/mail/html';
import { notFound } from '../../lib/errors';
import { cameThroughProxy, isLocalHostName, isLoopback } from '../../lib/loopback';
import { mailboxRepository } from './repository';

const page = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:60rem}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #ddd;padding:.5rem;text-align:left}pre{white-space:pre-wrap}</style></head>
<body>${body}</body></html>`;

/**
 * The local outbox (MAIL_TRANSPORT=outbox): every message, reset links included, so it answers only a
 * browser on this machine: the socket's own address is local, the request names a local host (no other
 * site's page can reach it by pointing its own name at 127.0.0.1) and it did not come through a proxy.
 * Configuration refuses the page behind a declared proxy (TRUST_PROXY).
 */
export const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = mailboxRepository(app.db);
  app.addHook('onRequest', async (request) => {
    // A request that passed through a proxy may come from anywhere, whatever the socket says.
    const local = isLoopback(request.socket.remoteAddress) && isLocalHostName(request.hostname) && !cameThroughProxy(request.headers);
    if (!local) throw notFound();
  });

  app.get('/dev/mailbox', { schema: { hide: true, querystring: z.object({ to: z.string().optional() }) } }, async (request, reply) => {
    const rows = await repo.list(request.query.to, 200);
    const list = rows
      .map(
        (r) =>
          `<tr><td>${r.createdAt.toISOString()}</td><td>${escapeHtml(r.to)}</td><td><a href="/dev/mailbox/${r.id}">${escapeHtml(r.subject)}</a></td></tr>`,
      )
      .join('');
    reply.type('text/html');
    return page(
      'Mailbox',
      `<h1>Mailbox</h1><p>Mail the platform sent while no SMTP server is configured, newest first.</p>
<table><thead><tr><th>Sent</th><th>To</th><th>Subject</th></tr></thead><tbody>${list || '<tr><td colspan="3">No messages.</td></tr>'}</tbody></table>`,
    );
  });

  app.get('/dev/mailbox.json', { schema: { hide: true, querystring: z.object({ to: z.string().min(1) }) } }, async (request) => {
    return { data: await repo.listWithBodies(request.query.to, 50) };
  });

  app.get('/dev/mailbox/:id', { schema: { hide: true, params: z.object({ id: z.coerce.number().int().positive().max(2147483647) }) } }, async (request, reply) => {
    const message = await repo.findById(request.params.id);
    if (!message) throw notFound();
    reply.type('text/html');
    // The message's own HTML is built by our templates with every value escaped.
    return page(
      message.subject,
      `<p><a href="/dev/mailbox">Back to the mailbox</a></p><dl><dt>From</dt><dd>${escapeHtml(message.fromAddress)}</dd>
<dt>To</dt><dd>${escapeHtml(message.toAddress)}</dd><dt>Subject</dt><dd>${escapeHtml(message.subject)}</dd>${Object.entries(message.headers)
        .map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd>${escapeHtml(value)}</dd>`)
        .join('')}</dl>
<section aria-label="Message">${message.html.replace(/^<!doctype html><html><body[^>]*>|<\/body><\/html>$/g, '')}</section>
<h2>Plain text</h2><pre>${escapeHtml(message.text)}</pre>`,
    );
  });
};
