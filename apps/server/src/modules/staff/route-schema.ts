import { z } from 'zod';
import { errorResponses } from '@school/shared/api/errors';
import { conflictSchema } from '@school/shared/staff/versions';

/** Every console route: listed under "staff" in the API document, and called with a staff member's token. */
export const staffRoute = { tags: ['staff'], security: [{ token: [] }] };

/** A refusal in one sentence: 409 (something stops the write), 428 (If-Match missing). */
export const detailSchema = z.object({ detail: z.string() });

/** The answers of a write that names its version in If-Match: 412 holds the record as it now is. */
export const versionedResponses = <T extends z.ZodType>(current: T) => ({ ...errorResponses, 412: conflictSchema(current), 428: detailSchema });
