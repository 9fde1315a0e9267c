import { useEffect, useId, useRef } from 'react';
import type { LessonType } from '@school/shared/staff/courses';
import type { OutlineLesson } from '@school/shared/staff/outline';
import { formatBytes, lessonUploadKind } from '@school/shared/staff/uploads';
import { Button } from '@/components/button';
import { useResumableUpload } from '../../../lib/use-resumable-upload';
import { useUploadStatus } from '../api/upload-calls';

const accepts: Partial<Record<LessonType, string>> = { video: 'video/*', ivideo: 'video/*', audio: 'audio/*', pdf: 'application/pdf' };
const fileWords: Partial<Record<LessonType, string>> = { video: 'video', ivideo: 'video', audio: 'audio file', pdf: 'PDF' };

/** Whether a lesson of this type takes an uploaded file. */
export const takesFile = (type: LessonType) => lessonUploadKind[type] !== undefined;

interface Props {
  lesson: OutlineLesson;
  /** The probed upload is ready: the lesson takes it (a PATCH with `upload`). */
  onReady: (uploadId: string) => Promise<boolean>;
  onClose: () => void;
}

/** Sends a lesson's file with a progress bar, Pause and Resume, waits for the server's probe, then attaches it. */
export function LessonFileUpload({ lesson, onReady, onClose }: Props) {
  const inputId = useId();
  const { state, start, pause, resume, reset } = useResumableUpload();
  const status = useUploadStatus(state.phase === 'sent' ? state.id : null);
  const attached = useRef<string | null>(null);
  const probed = status.data;

  useEffect(() => {
    if (probed?.state !== 'ready' || attached.current === probed.id) return;
    attached.current = probed.id;
    void onReady(probed.id).then((ok) => ok && onClose());
  }, [probed, onReady, onClose]);

  const what = fileWords[lesson.type] ?? 'file';
  const sending = state.phase === 'sending' || state.phase === 'paused';
  return (
    <div className="lesson-upload" role="group" aria-label={`File of ${lesson.name}`}>
      {state.phase === 'idle' && (
        <>
          <label htmlFor={inputId}>{lesson.has_file ? `Replace the ${what}` : `Choose the ${what}`}</label>
          <input id={inputId} type="file" accept={accepts[lesson.type]} onChange={(e) => e.target.files?.[0] && start(e.target.files[0])} />
        </>
      )}
      {sending && (
        <>
          <progress max={state.total} value={state.sent} aria-label={`Sending ${lesson.name}'s ${what}`} />
          <p aria-live="polite">
            {state.phase === 'paused' ? 'Paused at' : 'Sending…'} {Math.floor((state.sent / Math.max(1, state.total)) * 100)} % of {formatBytes(state.total)}
          </p>
          {state.phase === 'sending' ? <Button variant="ghost" label="Pause" onClick={pause} /> : <Button variant="ghost" label="Resume" onClick={resume} />}
        </>
      )}
      {state.phase === 'sent' && probed?.state !== 'failed' && <p aria-live="polite">{probed?.state === 'ready' ? 'The file is ready: adding it to the lesson…' : 'Sent. Reading the file (its length and a poster frame)…'}</p>}
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
