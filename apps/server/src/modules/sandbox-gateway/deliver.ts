import type { FastifyInstance } from 'fastify';
import { signPayload } from '../../infra/payments/signature';
import { SANDBOX_SIGNATURE_HEADER, type SandboxEvent } from './gateway';

export const SANDBOX_CALLBACK = 'sandbox-callback';

interface CallbackJob {
  url: string;
  event: SandboxEvent;
}

/** Posts one signed event; anything but a 2xx is a failure to retry. */
async function post(secret: string, url: string, event: SandboxEvent) {
  const body = JSON.stringify(event);
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signPayload(secret, body) }, body, signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`callback answered ${response.status}`);
}

/**
 * The sandbox's webhook sender: the first attempt right away (so the payer returns to a settled payment), then
 * retries as a job with backoff, as a real gateway redelivers an event until the platform accepts it.
 */
export async function callbackSender(app: FastifyInstance, secret: string) {
  await app.jobs.define(SANDBOX_CALLBACK, { retryLimit: 8, retryDelaySeconds: 5, retryBackoff: true, expireInSeconds: 60 });
  await app.jobs.work<CallbackJob>(SANDBOX_CALLBACK, (job) => post(secret, job.url, job.event));
  return async (url: string, event: SandboxEvent) => {
    try {
      await post(secret, url, event);
    } catch (error) {
      app.log.warn({ err: error, event: event.id }, 'sandbox callback not accepted; retrying as a job');
      await app.jobs.send(SANDBOX_CALLBACK, { url, event } satisfies CallbackJob);
    }
  };
}
