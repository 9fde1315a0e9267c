import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { kycMessages, SNAPSHOT_RETRIES } from '@school/shared/kyc/rules';
import { ApiError } from '@/lib/api-error';
import { sendSnapshot } from './snapshot-upload';

const refused = (code: string, detail: string) => new ApiError(400, { detail, code });
const mismatch = refused('mismatch', kycMessages.snapshotMismatch);
const noFace = refused('no_face', kycMessages.noFaceSnapshot);

describe('sendSnapshot', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const live = () => new AbortController().signal;

  it('passes when the server takes it', async () => {
    const send = vi.fn().mockResolvedValue({ id: 1, result: 'unverified', score: null });
    expect(await sendSnapshot(send, live())).toBe('passed');
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('tries a refused snapshot again 5 times, 1 s apart, then reaches the retry limit', async () => {
    const send = vi.fn().mockRejectedValue(mismatch);
    const outcome = sendSnapshot(send, live());
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(send).toHaveBeenCalledTimes(1 + SNAPSHOT_RETRIES);
    await expect(outcome).resolves.toBe('retry_limit');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(send).toHaveBeenCalledTimes(1 + SNAPSHOT_RETRIES);
  });

  it('passes on a later try, and the next snapshot has its 5 tries again', async () => {
    const send = vi.fn().mockRejectedValueOnce(mismatch).mockRejectedValueOnce(refused('many_faces', kycMessages.manyFacesSnapshot)).mockResolvedValue({});
    const first = sendSnapshot(send, live());
    await vi.advanceTimersByTimeAsync(2_000);
    await expect(first).resolves.toBe('passed');
    expect(send).toHaveBeenCalledTimes(3);

    const again = vi.fn().mockRejectedValueOnce(mismatch).mockRejectedValueOnce(mismatch).mockRejectedValueOnce(mismatch).mockRejectedValueOnce(mismatch).mockRejectedValueOnce(mismatch).mockResolvedValue({});
    const second = sendSnapshot(again, live());
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(second).resolves.toBe('passed');
    expect(again).toHaveBeenCalledTimes(6);
  });

  it('stops at once when no face is detected', async () => {
    const send = vi.fn().mockRejectedValue(noFace);
    expect(await sendSnapshot(send, live())).toBe('no_face');
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('calls any other status, or no answer at all, a server error, without trying again', async () => {
    for (const error of [new ApiError(500, null), new ApiError(404, { detail: 'Not found.' }), new ApiError(403, { detail: 'x' }), new TypeError('Failed to fetch')]) {
      const send = vi.fn().mockRejectedValue(error);
      expect(await sendSnapshot(send, live())).toBe('server_error');
      expect(send).toHaveBeenCalledTimes(1);
    }
  });

  it('gives up quietly when the session pauses meanwhile', async () => {
    const pausing = new AbortController();
    const send = vi.fn().mockRejectedValue(mismatch);
    const outcome = sendSnapshot(send, pausing.signal);
    await vi.advanceTimersByTimeAsync(500);
    pausing.abort();
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(outcome).resolves.toBe('cancelled');
    expect(send).toHaveBeenCalledTimes(1);

    // A request cut short by the pause is no server error either.
    const cut = new AbortController();
    const aborted = sendSnapshot(() => {
      cut.abort();
      return Promise.reject(new DOMException('aborted', 'AbortError'));
    }, cut.signal);
    await expect(aborted).resolves.toBe('cancelled');
  });
});
