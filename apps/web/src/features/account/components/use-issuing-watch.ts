import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { ListPage } from '@school/shared/api/errors';
import type { MyCertificate } from '@school/shared/certificates/schemas';
import { certificateIssuingSince } from '@/lib/certificate-issuing';

/** How long the list is read again for a certificate being issued (the job takes a second or so). */
const WATCH_MS = 30_000;
export const WATCH_INTERVAL_MS = 2_000;
/** The server's clock and the browser's may differ a little. */
const CLOCK_LEEWAY_MS = 60_000;

/**
 * Whether My Certificates is waiting for a certificate just asked for: from arriving with the issuing state
 * until a page shows a certificate given since (`seen` is told each page) or the count grows, 30 seconds at
 * most. When the watch ends, the header's certificate count is read again too.
 */
export function useIssuingWatch() {
  const location = useLocation();
  const queryClient = useQueryClient();
  const [since] = useState(() => certificateIssuingSince(location.state));
  const [watching, setWatching] = useState(since !== null);
  const first = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (!watching) return;
    const timer = window.setTimeout(() => setWatching(false), WATCH_MS);
    return () => {
      window.clearTimeout(timer);
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
    };
  }, [watching, queryClient]);

  const seen = useCallback(
    (page: ListPage<MyCertificate> | undefined) => {
      if (!watching || !page || since === null) return;
      first.current ??= page.count;
      const arrived = page.data.some((c) => Date.parse(c.timestamp) >= since - CLOCK_LEEWAY_MS);
      if (arrived || page.count > first.current) setWatching(false);
    },
    [watching, since],
  );

  return { watching, seen };
}
