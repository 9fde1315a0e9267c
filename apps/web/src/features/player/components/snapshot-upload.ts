import { kycMessages, SNAPSHOT_RETRIES, SNAPSHOT_RETRY_DELAY_MS } from '@school/shared/kyc/rules';
import { ApiError } from '@/lib/api-error';

/** How sending one snapshot ended; every outcome but passed and cancelled pauses the session. */
export type SnapshotOutcome = 'passed' | 'no_face' | 'retry_limit' | 'server_error' | 'cancelled';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends a snapshot by the rules of spec 2 §8: a 400 other than 'No face detected in the snapshot.' is tried again
 * up to 5 times, 1 s apart, then gives up (retry limit); no face stops at once; any other status, or no answer, is
 * a server error. `send` captures a fresh frame at each try; an aborted `signal` (the session paused) ends it.
 */
export async function sendSnapshot(send: () => Promise<unknown>, signal: AbortSignal): Promise<SnapshotOutcome> {
  for (let tries = 0; ; tries++) {
    try {
      await send();
      return 'passed';
    } catch (error) {
      if (signal.aborted) return 'cancelled';
      if (!(error instanceof ApiError) || error.status !== 400) return 'server_error';
      if (error.body?.detail === kycMessages.noFaceSnapshot) return 'no_face';
      if (tries === SNAPSHOT_RETRIES) return 'retry_limit';
    }
    await wait(SNAPSHOT_RETRY_DELAY_MS);
    if (signal.aborted) return 'cancelled';
  }
}
