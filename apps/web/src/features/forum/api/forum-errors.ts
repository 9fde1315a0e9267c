import { forumMessages as m } from '@school/shared/forum/rules';
import { readServerError } from '@/lib/server-errors';

/**
 * What a failed forum call, a load or an action, shows (spec 3 §8): the spec's sentence for a 500 or no answer at
 * all, otherwise the server's body (a 429's detail, a refusal's reason).
 */
export const forumErrorText = (error: unknown) => readServerError(error, []).banner ?? m.serverError;
