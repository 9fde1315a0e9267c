import { profileMessages } from '@school/shared/account/messages';
import { sessionMessages } from '@school/shared/auth/messages';
import { ApiError } from '@/lib/api-error';

/** What a failed photo upload says (spec 1 §5, §8). */
export function uploadError(error: unknown): string {
  // A body that is not JSON (a proxy's page, a cut connection) says nothing useful.
  if (!(error instanceof ApiError) || !error.body) return profileMessages.photoFailed;
  if (error.status >= 500) return sessionMessages.genericServerError;
  return Object.values(error.body).flat().join(' ');
}
