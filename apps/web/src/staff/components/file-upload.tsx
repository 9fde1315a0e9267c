import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { formatBytes } from '@school/shared/staff/uploads';
import { Button } from '@/components/button';
import { useResumableUpload } from '../lib/use-resumable-upload';
import { useUploadStatus } from '../lib/use-upload-status';

interface FileUploadProps {
  /** Whose file it is ("Evidence, part 1", "the course"), for the names of the group and progress bar. */
  owner: string;
  /** What the file is: "video", "image". */
  what: string;
  accept?: string;
  replacing: boolean;
  /** What takes the ready file: "the lesson", "the course". */
  target: string;
  onReady: (uploadId: string) => Promise<boolean>;
  onClose: () => void;
}

/** Sends a file with a progress bar, Pause and Resume, waits for the server's probe, then hands it over. */
export function FileUpload({ owner, what, accept, replacing, target, onReady, onClose }: FileUploadProps) {
  const inputId = useId();
  const { state, start, pause, resume, reset } = useResumableUpload();
  const status = useUploadStatus(state.phase === 'sent' ? state.id : null);
  const attached = useRef<string | null>(null);
  // The lesson refused the ready file (somebody saved the lesson meanwhile, say): the file stays, Try again sends it.
  const [attachFailed, setAttachFailed] = useState(false);
  const probed = status.data;

  const attach = useCallback(
    (id: string) => {
      attached.current = id;
      setAttachFailed(false);
      void onReady(id).then((ok) => (ok ? onClose() : setAttachFailed(true)));
    },
    [onReady, onClose],
  );

  useEffect(() => {
    if (probed?.state === 'ready' && attached.current !== probed.id) attach(probed.id);
  }, [probed, attach]);

  const sending = state.phase === 'sending' || state.phase === 'paused';
  return (
    <div className="lesson-upload" role="group" aria-label={`File of ${owner}`}>
      {state.phase === 'idle' && (
        <>
          <label htmlFor={inputId}>{replacing ? `Replace the ${what}` : `Choose the ${what}`}</label>
          <input id={inputId} type="file" accept={accept} onChange={(e) => e.target.files?.[0] && start(e.target.files[0])} />
        </>
      )}
      {sending && (
        <>
          <progress max={state.total} value={state.sent} aria-label={`Sending ${owner}'s ${what}`} />
          <p>
            {state.phase === 'paused' ? 'Paused at' : 'Sending…'} {Math.floor((state.sent / Math.max(1, state.total)) * 100)} % of {formatBytes(state.total)}
          </p>
          <p className="visually-hidden" aria-live="polite">
            {state.phase === 'paused' ? 'Paused.' : 'Sending the file.'}
          </p>
          {state.phase === 'sending' ? <Button variant="ghost" label="Pause" onClick={pause} /> : <Button variant="ghost" label="Resume" onClick={resume} />}
        </>
      )}
      {state.phase === 'sent' && probed?.state !== 'failed' && !attachFailed && (
        <p aria-live="polite">{probed?.state === 'ready' ? `The file is ready: adding it to ${target}…` : 'Sent. Reading the file…'}</p>
      )}
      {status.isError && <p role="alert">Where the file stands could not be read. It is kept: try again later.</p>}
      {attachFailed && probed && (
        <>
          <p role="alert">The file is ready but was not added to {target}.</p>
          <Button variant="ghost" label="Try again" onClick={() => attach(probed.id)} />
        </>
      )}
      {probed?.state === 'failed' && <p role="alert">{probed.problem}</p>}
      {state.phase === 'error' && (
        <>
          <p role="alert">{state.message}</p>
          <Button variant="ghost" label="Resume" onClick={resume} />
        </>
      )}
      <div className="row-actions">
        {(state.phase === 'error' || probed?.state === 'failed') && <Button variant="ghost" label="Choose another file" onClick={reset} />}
        <Button variant="ghost" label="Close" onClick={onClose} />
      </div>
    </div>
  );
}
