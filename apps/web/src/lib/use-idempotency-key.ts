import { useRef } from 'react';

/**
 * One Idempotency-Key per purchase attempt: the same while the payload stays the same (a double click, a
 * retry after a lost answer), a new one as soon as anything in it changes.
 */
export function useIdempotencyKey() {
  const attempt = useRef<{ payload: string; key: string } | null>(null);
  return (payload: unknown) => {
    const text = JSON.stringify(payload);
    if (attempt.current?.payload !== text) attempt.current = { payload: text, key: crypto.randomUUID() };
    return attempt.current.key;
  };
}
