import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeSession {
  id: string;
  attributes: { line_items: { amount: number; name: string }[]; payment_method_types: string[]; reference_number: string; success_url: string };
}

/**
 * A local stand-in for PayMongo's checkout sessions and refunds API: it checks the secret key (HTTP basic), keeps each
 * session it creates, and answers 404 to anything else, so an unexpected call fails the test.
 */
export async function startFakePaymongo(secretKey: string) {
  const sessions: FakeSession[] = [];
  const state = { refuseNext: false };
  const expired: string[] = [];
  const paid = new Set<string>();
  const refunds: { id: string; payment_id: string; amount: number; notes: string; metadata: Record<string, unknown> }[] = [];
  const refundState = { timeOutNext: false, refuseNext: false };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.headers.authorization !== `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`) return send(401, { errors: [{ code: 'api_key_invalid' }] });
      const expire = /^\/v1\/checkout_sessions\/([\w-]+)\/expire$/.exec(req.url ?? '');
      if (req.method === 'POST' && expire && sessions.some((x) => x.id === expire[1])) {
        // As PayMongo: a session that took its payment can no longer be expired.
        if (paid.has(expire[1]!)) return send(400, { errors: [{ code: 'resource_failed_state' }] });
        expired.push(expire[1]!);
        return send(200, { data: { id: expire[1], attributes: { status: 'expired' } } });
      }
      const read = /^\/v1\/checkout_sessions\/([\w-]+)$/.exec(req.url ?? '');
      if (req.method === 'GET' && read && sessions.some((x) => x.id === read[1])) {
        const id = read[1]!;
        const payments = paid.has(id) ? [{ id: `pay_${id}`, type: 'payment', attributes: { status: 'paid' } }] : [];
        return send(200, { data: { id, type: 'checkout_session', attributes: { status: expired.includes(id) ? 'expired' : 'active', payments } } });
      }
      const list = /^\/v1\/refunds\?payment_id=([\w-]+)&limit=\d+$/.exec(req.url ?? '');
      if (req.method === 'GET' && list) {
        return send(200, { data: refunds.filter((r) => r.payment_id === list[1]).map((r) => ({ id: r.id, type: 'refund', attributes: { ...r, status: 'pending' } })) });
      }
      if (req.method === 'POST' && req.url === '/v1/refunds') {
        const { attributes } = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { attributes: { amount: number; payment_id: string; notes?: string; metadata?: Record<string, unknown> } } }).data;
        if (refundState.refuseNext) {
          refundState.refuseNext = false;
          return send(400, { errors: [{ code: 'payment_not_refundable' }] });
        }
        const session = sessions.find((x) => `pay_${x.id}` === attributes.payment_id);
        if (!session || !paid.has(session.id)) return send(400, { errors: [{ code: 'resource_failed_state' }] });
        // As PayMongo: never more than the payment took.
        const given = refunds.filter((r) => r.payment_id === attributes.payment_id).reduce((sum, r) => sum + r.amount, 0);
        if (given + attributes.amount > session.attributes.line_items[0]!.amount) return send(400, { errors: [{ code: 'parameter_above_maximum' }] });
        const refund = { id: `ref_${randomBytes(8).toString('hex')}`, payment_id: attributes.payment_id, amount: attributes.amount, notes: attributes.notes ?? '', metadata: attributes.metadata ?? {} };
        refunds.push(refund);
        // As an outage would: the refund is made, but its answer never arrives.
        if (refundState.timeOutNext) {
          refundState.timeOutNext = false;
          return send(503, { errors: [{ code: 'service_unavailable' }] });
        }
        return send(200, { data: { id: refund.id, type: 'refund', attributes: { ...refund, status: 'pending' } } });
      }
      if (req.method !== 'POST' || req.url !== '/v1/checkout_sessions') return send(404, { errors: [{ code: 'resource_not_found' }] });
      if (state.refuseNext) {
        state.refuseNext = false;
        return send(500, { errors: [{ code: 'internal_error' }] });
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { attributes: FakeSession['attributes'] } };
      const session = { id: `cs_${randomBytes(8).toString('hex')}`, attributes: body.data.attributes };
      sessions.push(session);
      send(200, { data: { id: session.id, type: 'checkout_session', attributes: { ...session.attributes, checkout_url: `https://checkout.paymongo.test/${session.id}` } } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sessions,
    /** The refunds the platform asked for. */
    refunds,
    /** Ids of the sessions the platform closed. */
    expired,
    /** The payer pays this session at PayMongo (its webhook is the test's to send). */
    markPaid: (id: string) => paid.add(id),
    /** The next refund is refused (400), as PayMongo refuses one it cannot make. */
    refuseNextRefund: () => {
      refundState.refuseNext = true;
    },
    /** The next refund is made, but answered 503 (its answer lost). */
    loseNextRefundAnswer: () => {
      refundState.timeOutNext = true;
    },
    /** The next session request answers 500, as an outage would. */
    refuseNext: () => {
      state.refuseNext = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
