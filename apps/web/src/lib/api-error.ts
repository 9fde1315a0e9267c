import type { ErrorBody } from '@school/shared/api/errors';

/** A non-2xx answer: its status and its body, if the body was JSON. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | null,
  ) {
    super(`HTTP ${status}`);
  }
}

/** The server's own sentence for a refusal (its `detail`), or null when it gave none. */
export const errorDetail = (error: unknown) => (error instanceof ApiError && typeof error.body?.detail === 'string' ? error.body.detail : null);
