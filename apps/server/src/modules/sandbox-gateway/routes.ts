import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@school/shared/api/errors';
import { toPesos } from '@school/shared/payments/rules';
import { sandboxCheckoutSchema, sandboxOutcomeBodySchema, sandboxOutcomeResultSchema, sandboxParamsSchema } from '@school/shared/payments/schemas';
import { badRequest, notFound } from '../../lib/errors';
import { callbackSender } from './deliver';
import { newEventId } from './gateway';
import { sandboxRepository, type SandboxCheckoutRow, type SandboxStatus } from './repository';

export const sandboxMessages = { closed: 'This checkout is already closed.', expired: 'This checkout has expired.' } as const;

/** Which states each of the payer's choices may leave: a left-pending checkout can still be paid or failed. */
const from: Record<'paid' | 'failed' | 'pending', SandboxStatus[]> = { paid: ['open', 'pending'], failed: ['open', 'pending'], pending: ['open'] };

const present = (row: SandboxCheckoutRow) => ({
  reference: row.reference,
  merchant: row.merchant,
  description: row.description,
  amount: toPesos(row.amount),
  mode: row.mode,
  channel: row.channel,
  ref_code: row.refCode,
  status: row.expiresAt && row.expiresAt < new Date() && (row.status === 'open' || row.status === 'pending') ? ('expired' as const) : row.status,
  expires_at: row.expiresAt?.toISOString() ?? null,
});

/** The sandbox gateway's own pages' API: a hosted checkout, or the counter where a reference code is paid. */
export function sandboxRoutes(secret: string): FastifyPluginAsyncZod {
  return async (app) => {
    const repo = sandboxRepository(app.db);
    const deliver = await callbackSender(app, secret);
    const tags = ['sandbox gateway'];
    const config = { school: false as const };

    app.get(
      '/sandbox/checkouts/:reference/',
      { config, schema: { tags, summary: 'A sandbox checkout (the gateway is part of this server outside production)', params: sandboxParamsSchema, response: { 200: sandboxCheckoutSchema, ...errorResponses } } },
      async (request) => {
        const row = await repo.find(request.params.reference);
        if (!row) throw notFound();
        return present(row);
      },
    );

    app.post(
      '/sandbox/checkouts/:reference/',
      {
        config,
        schema: {
          tags,
          summary: "The payer's choice: pay, fail or leave pending; the gateway then sends its signed callback",
          params: sandboxParamsSchema,
          body: sandboxOutcomeBodySchema,
          response: { 200: sandboxOutcomeResultSchema, ...errorResponses },
        },
      },
      async (request) => {
        const { reference } = request.params;
        const { outcome } = request.body;
        const row = await repo.find(reference);
        if (!row) throw notFound();
        if (present(row).status === 'expired') {
          await repo.move(reference, ['open', 'pending'], 'expired');
          throw badRequest(sandboxMessages.expired);
        }
        const moved = await repo.move(reference, from[outcome], outcome);
        if (!moved) throw badRequest(sandboxMessages.closed);
        await deliver(moved.callbackUrl, { id: newEventId(), type: `payment.${outcome}`, data: { reference } });
        return { return_url: moved.returnUrl };
      },
    );
  };
}
