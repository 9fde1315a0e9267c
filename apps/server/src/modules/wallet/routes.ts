import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, messageSchema } from '@school/shared/api/errors';
import { toPesos, walletMessages } from '@school/shared/payments/rules';
import { walletEntryListSchema, walletNonceBodySchema, walletNonceSchema, walletQuerySchema, walletSchema, walletVerifyBodySchema } from '@school/shared/payments/schemas';
import { pageOf } from '../../lib/pagination';
import { tokenResponseSchema } from '@school/shared/auth/schemas';
import { notFound } from '../../lib/errors';
import { accountService } from '../account/service';
import { signedInActor } from '../auth/actor';
import { authService } from '../auth/service';
import { signedInUser, throttle } from '../auth/throttle';
import { presentEntry } from './presenter';
import { walletService } from './service';

/** The caller's own coin wallet (it belongs to the account, not to a school: DECISIONS.md). */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const wallets = walletService(app);
  const auth = authService(app);
  const accounts = accountService(app);
  const tags = ['wallet'];
  const security = [{ token: [] }];

  app.get('/wallets/', { schema: { tags, security, summary: "The caller's L2E coin balance and connected address", response: { 200: walletSchema, ...errorResponses } } }, async (request) => {
    const wallet = await wallets.find(signedInActor(request).userId);
    return { balance: toPesos(wallet?.balance ?? 0), address: wallet?.address ?? null, verified: wallet?.verified ?? false };
  });

  app.get(
    '/wallets/transactions/',
    { schema: { tags, security, summary: "The caller's coin ledger, newest first, with the running balance", querystring: walletQuerySchema, response: { 200: walletEntryListSchema, ...errorResponses } } },
    async (request) => {
      const { page, perpage } = request.query;
      const { rows, total } = await wallets.entries(signedInActor(request).userId, page, perpage);
      return pageOf(rows.map(presentEntry), total, page, perpage);
    },
  );

  app.get(
    '/users/wallet/',
    { schema: { tags, security, summary: "The caller's connected wallet address", response: { 200: z.object({ public_address: z.string().nullable(), verified: z.boolean() }), ...errorResponses } } },
    async (request) => {
      const wallet = await wallets.find(signedInActor(request).userId);
      return { public_address: wallet?.address ?? null, verified: wallet?.verified ?? false };
    },
  );

  // Signed in, these connect an address to the account; signed out, they log in with a connected address (spec 1 §1).
  // Throttled per account when signed in, and per client address either way.
  app.post(
    '/users/wallet/',
    {
      preHandler: throttle(app, 'wallet', signedInUser),
      schema: { tags, summary: 'A one-time nonce for the address to sign (valid 10 minutes): to connect it, or, signed out, to log in with it', body: walletNonceBodySchema, response: { 200: walletNonceSchema, ...errorResponses } },
    },
    async (request) => {
      const address = request.body.public_address;
      const nonce = request.user ? await wallets.issueNonce(request.user.id, address) : await wallets.issueLoginNonce(address);
      return { public_address: address, nonce };
    },
  );

  app.post(
    '/users/wallet/verify/',
    {
      schema: {
        tags,
        security,
        summary: "An EIP-191 signature of 'I am {address}, signing my one-time nonce: {nonce}': connects the address, or, signed out, logs in with it",
        body: walletVerifyBodySchema,
        response: { 200: z.union([messageSchema.extend({ public_address: z.string() }), tokenResponseSchema]), ...errorResponses },
      },
      preHandler: throttle(app, 'wallet', signedInUser),
    },
    async (request) => {
      if (!request.user) {
        const userId = await wallets.login(request.body);
        const account = await accounts.findAccount(userId);
        if (!account) throw notFound(walletMessages.accountNotFound);
        return auth.issueToken(account.user, request.body.remember_me ?? false);
      }
      const address = await wallets.connect(request.user.id, request.body);
      return { message: walletMessages.connected, public_address: address };
    },
  );
};
