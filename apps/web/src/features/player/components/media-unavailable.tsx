import { useState } from 'react';
import { playerMessages as msg } from '@school/shared/learning/rules';
import { Button } from '@/components/button';
import { notify } from '@/components/toast';
import { errorDetail } from '@/lib/api-error';
import { reportProblem } from '../api/player-calls';

type Props = {
  coursewareId: number;
  /** The outside service that could not be reached (YouTube, SoundCloud); none for our own files. */
  provider: string | null;
  /** What the browser said, for the school's staff. */
  error: string;
  /** Students can report; staff previewing have nobody to tell. */
  recording: boolean;
};

/**
 * A lesson whose media cannot load: what is blocked, Retry (a reload: the outside players keep a failed load for
 * the page's life), and Report a problem, which tells the school's staff so that nobody stays stuck behind the
 * lesson order.
 */
export function MediaUnavailable({ coursewareId, provider, error, recording }: Props) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  async function report() {
    setState('sending');
    try {
      await reportProblem(coursewareId, `${provider ?? 'Media'}: ${error} (${navigator.userAgent})`);
      setState('sent');
    } catch (failure) {
      setState('idle');
      notify.error(errorDetail(failure) ?? 'The problem could not be reported. Please try again.');
    }
  }
  return (
    <div className="media-error" role="alert">
      <p>
        <strong>{msg.mediaFailed}</strong>
      </p>
      {provider && <p>{provider} could not be reached from this network.</p>}
      <div className="media-error-actions">
        <Button label="Retry" onClick={() => window.location.reload()} />
        {recording && <Button label={state === 'sent' ? 'Problem reported' : 'Report a problem'} variant="ghost" busy={state === 'sending'} disabled={state === 'sent'} onClick={() => void report()} />}
      </div>
      {state === 'sent' && <p>The school's staff have been told. They can replace the lesson or mark it complete for you.</p>}
    </div>
  );
}
