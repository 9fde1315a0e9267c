import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { serverMessages } from '@school/shared/auth/messages';
import { loggableError } from './log-redaction';

/** What a request that failed on the server's side is told; the log holds the cause. */
export const SERVER_ERROR = 'A server error occurred.';

/** The DRF shapes, plus the extra members some answers carry (a 412's current record). */
type Body = Record<string, unknown>;

/** A failure the client caused; turned into the DRF-shaped bodies of DECISIONS.md by the error handler. */
export class DomainError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Body,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${statusCode}`);
  }
}

export const notFound = (detail: string = serverMessages.notFound) => new DomainError(404, { detail });
export const notAuthenticated = (detail: string = serverMessages.notAuthenticated) => new DomainError(401, { detail });
/** An optional machine-readable `code` goes beside the DRF shape, so clients need not match message texts. */
const withCode = (body: Body, code: string | undefined): Body => (code ? { ...body, code } : body);
export const forbidden = (detail: string, code?: string) => new DomainError(403, withCode({ detail }, code));
export const badRequest = (detail: string, code?: string) => new DomainError(400, withCode({ detail }, code));
export const invalid = (fields: Record<string, string>, code?: string) =>
  new DomainError(400, withCode(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, [v]])), code));
export const formError = (message: string) => new DomainError(400, { non_field_errors: [message] });

/** Groups validation issues by their first path segment; issues on the whole body are form errors. */
function validationBody(issues: { path: PropertyKey[]; message: string }[]): Body {
  const body: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : 'non_field_errors';
    (body[key] ??= []).push(issue.message);
  }
  return body;
}

const clientErrorDetails: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'Malformed JSON in request body.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Request body is empty.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'Request body is too large.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Unsupported media type.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Invalid Content-Length.'],
};

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof DomainError) return reply.code(error.statusCode).headers(error.headers).send(error.body);
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((v) => ({
      path: v.instancePath.split('/').filter(Boolean),
      message: v.message ?? 'Invalid value.',
    }));
    return reply.code(400).send(validationBody(issues));
  }
  const known = error.code ? clientErrorDetails[error.code] : undefined;
  if (known) return reply.code(known[0]).send({ detail: known[1] });
  if (error.statusCode === 429) return reply.code(429).send({ detail: serverMessages.throttled });
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return reply.code(error.statusCode).send({ detail: error.message });
  }
  request.log.error({ err: loggableError(error) }, 'unhandled error');
  return reply.code(500).send({ detail: SERVER_ERROR });
}
