import { useCallback, useEffect, useRef, useState } from 'react';
import { Upload } from 'tus-js-client';
import { storedToken } from '@/lib/session';

export type ResumableState =
  | { phase: 'idle' }
  | { phase: 'sending'; sent: number; total: number }
  | { phase: 'paused'; sent: number; total: number }
  | { phase: 'sent'; id: string }
  | { phase: 'error'; message: string };

const ENDPOINT = '/api/v1/staff/uploads/';

/** The server's words for a refused upload ({ detail }), or a plain account of a network failure. */
function messageOf(error: Error & { originalResponse?: { getBody(): string } | null }) {
  const body = error.originalResponse?.getBody();
  try {
    const detail = body ? (JSON.parse(body) as { detail?: string }).detail : undefined;
    if (detail) return detail;
  } catch {
    // Not JSON: a proxy's page, say.
  }
  return 'The connection was lost while sending the file. Choose Resume to go on from where it stopped.';
}

/**
 * A file sent with the tus protocol (tus-js-client): progress, pause and resume, retried on a lost connection,
 * and resumed from where it stopped after a reload (the client remembers the upload's address by the file).
 */
export function useResumableUpload() {
  const [state, setState] = useState<ResumableState>({ phase: 'idle' });
  const upload = useRef<Upload | null>(null);

  useEffect(() => () => void upload.current?.abort(), []);

  const start = useCallback((file: File) => {
    void upload.current?.abort();
    const next = new Upload(file, {
      endpoint: ENDPOINT,
      // The session's key as it is at each request (a long upload may outlive a renewed one).
      onBeforeRequest: (request) => request.setHeader('authorization', `Token ${storedToken() ?? ''}`),
      metadata: { filename: file.name, filetype: file.type },
      chunkSize: 16 * 1024 * 1024,
      retryDelays: [0, 1000, 3000, 5000],
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => setState({ phase: 'sending', sent, total }),
      onSuccess: () => setState({ phase: 'sent', id: next.url!.split('/').filter(Boolean).pop()! }),
      onError: (error) => setState({ phase: 'error', message: messageOf(error as Error & { originalResponse?: { getBody(): string } | null }) }),
    });
    upload.current = next;
    setState({ phase: 'sending', sent: 0, total: file.size });
    void next.findPreviousUploads().then((previous) => {
      // Paused, replaced or closed while the browser looked for an earlier try: this one does not start.
      if (upload.current !== next) return;
      if (previous[0]) next.resumeFromPreviousUpload(previous[0]);
      next.start();
    });
  }, []);

  const pause = useCallback(() => {
    void upload.current?.abort();
    setState((s) => (s.phase === 'sending' ? { ...s, phase: 'paused' } : s));
  }, []);

  const resume = useCallback(() => {
    if (!upload.current) return;
    setState((s) => (s.phase === 'paused' ? { ...s, phase: 'sending' } : s.phase === 'error' ? { phase: 'sending', sent: 0, total: 1 } : s));
    upload.current.start();
  }, []);

  const reset = useCallback(() => {
    void upload.current?.abort();
    upload.current = null;
    setState({ phase: 'idle' });
  }, []);

  return { state, start, pause, resume, reset };
}
