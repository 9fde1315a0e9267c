import { type ReactNode, useState } from 'react';
import type { IdentityTimeline as Timeline } from '@school/shared/kyc/schemas';
import { dateTimeIn } from '@school/shared/school/dates';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { notify } from '@/components/toast';
import { errorDetail } from '@/lib/api-error';
import { useCompleteFor } from '../api/identity-evidence-calls';
import { kycStatusLabels, snapshotResultLabels } from './labels';
import { ProgressTable } from './progress-table';
import { SnapshotGrid } from './snapshot-grid';

/** A titled part of the timeline, or the empty state when it has nothing. */
function Part({ id, title, empty, children }: { id: string; title: string; empty: boolean; children: ReactNode }) {
  return (
    <section className="evidence-part" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {empty ? <p className="empty-state">No data to display</p> : children}
    </section>
  );
}

/** An enrolment's identity evidence: who and what, the KYC decisions, the paused sessions, the snapshots, the progress. */
export function IdentityTimeline({ timeline, timeZone }: { timeline: Timeline; timeZone: string }) {
  const [completing, setCompleting] = useState<{ id: number; name: string } | null>(null);
  const completeFor = useCompleteFor(String(timeline.enrollment.id));
  const when = (iso: string) => dateTimeIn(iso, timeZone);
  const { enrollment, decisions, pauses, snapshots, progress } = timeline;
  return (
    <>
      <section className="review-card evidence-head" aria-labelledby="evidence-learner">
        <h2 id="evidence-learner">{enrollment.learner}</h2>
        <p className="muted">
          {enrollment.email} · {enrollment.course} · {enrollment.progress} % done
        </p>
      </section>
      <Part id="evidence-decisions" title="ID verification" empty={decisions.length === 0}>
        <ul className="evidence-list">
          {decisions.map((decision) => (
            <li key={decision.id}>
              <strong>{kycStatusLabels[decision.status]}</strong> · {decision.mode === 'manual' ? 'manual verification' : 'automatic check'} · sent {when(decision.submitted_at)}
              {decision.decided_at && ` · decided ${when(decision.decided_at)}`}
              {decision.reason && <span className="muted"> · Reason: {decision.reason}</span>}
            </li>
          ))}
        </ul>
      </Part>
      <Part id="evidence-pauses" title="Flagged sessions" empty={pauses.length === 0}>
        <ul className="evidence-list">
          {pauses.map((pause) => (
            <li key={pause.from} className="is-flagged">
              <strong className="snapshot-result">{snapshotResultLabels[pause.reason]}</strong> · paused from {when(pause.from)} {pause.to ? `to ${when(pause.to)}` : 'and still paused'}
            </li>
          ))}
        </ul>
      </Part>
      <Part id="evidence-snapshots" title="Snapshots" empty={snapshots.length === 0}>
        <SnapshotGrid snapshots={snapshots} timeZone={timeZone} />
      </Part>
      <Part id="evidence-progress" title="Progress" empty={progress.length === 0}>
        <ProgressTable progress={progress} timeZone={timeZone} onComplete={(id, name) => setCompleting({ id, name })} />
      </Part>
      <Modal open={completing !== null} onClose={() => setCompleting(null)} title="Mark complete" size="sm">
        <p>
          Mark <strong>{completing?.name}</strong> complete for {enrollment.learner}? It counts towards the course as if they had studied it, and the
          record names you.
        </p>
        <div className="response-actions">
          <Button label="Cancel" variant="ghost" onClick={() => setCompleting(null)} />
          <Button
            label="Mark complete"
            busy={completeFor.isPending}
            onClick={() =>
              completeFor.mutate(completing!.id, {
                onSuccess: () => {
                  notify.success(`${completing!.name} is complete for ${enrollment.learner}.`);
                  setCompleting(null);
                },
                onError: (error) => notify.error(errorDetail(error) ?? 'The lesson could not be marked complete.'),
              })
            }
          />
        </div>
      </Modal>
    </>
  );
}
