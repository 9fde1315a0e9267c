import type { FastifyRequest } from 'fastify';

/**
 * What of an address may be logged: the path without its query string (search terms, names, keys), with
 * the secrets that travel in paths (sign-in codes, reset links) hidden.
 */
export function loggablePath(url: string): string {
  return url.replace(/[?#].*$/s, '').replace(/\/(auth|reset_password)\/[^/]+/g, '/$1/[redacted]');
}

export const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: loggablePath(request.url),
  host: request.host,
  remoteAddress: request.ip,
});

/** A failed query as the ORM reports it (its DrizzleQueryError): the statement and the parameters it ran with. */
const isFailedQuery = (error: unknown): error is Error & { query: string; params: unknown[] } =>
  error instanceof Error && typeof (error as { query?: unknown }).query === 'string' && Array.isArray((error as { params?: unknown }).params);

// Not the message: some quote the value that failed ('invalid input syntax for type integer: "…"').
const DATABASE_ERROR_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'routine'] as const;

/**
 * An error as it may be logged. A failed query's message repeats its parameters and the database's
 * message and `detail` may quote the row (addresses, names): keep the statement, the error code and where
 * it happened.
 */
export function loggableError(error: unknown): unknown {
  if (!isFailedQuery(error)) return error;
  const cause = (error.cause ?? {}) as Record<string, unknown>;
  return {
    type: 'DrizzleQueryError',
    query: error.query,
    cause: Object.fromEntries(DATABASE_ERROR_FIELDS.filter((key) => cause[key] !== undefined).map((key) => [key, cause[key]])),
    stack: error.stack?.split('\n').filter((line) => line.startsWith('    at ')).join('\n'),
  };
}
