import type { FastifyRequest } from 'fastify';

/** Secrets that travel in addresses (token and reset links, verification keys) never reach the logs. */
export function redactUrl(url: string): string {
  return url
    .replace(/\/(auth|reset_password)\/[^/?#]+/g, '/$1/[redacted]')
    .replace(/([?&](key|token|txn_token|access_token|id_token)=)[^&#]*/g, '$1[redacted]');
}

export const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  host: request.host,
  remoteAddress: request.ip,
});
