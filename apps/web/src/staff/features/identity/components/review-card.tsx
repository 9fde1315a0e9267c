import { useId, useState } from 'react';
import type { KycReview } from '@school/shared/kyc/schemas';
import { kycMessages } from '@school/shared/kyc/rules';
import { dateTimeIn } from '@school/shared/school/dates';
import { Button } from '@/components/button';
import { notify } from '@/components/toast';
import { errorDetail } from '@/lib/api-error';
import { useKycDecision } from '../api/kyc-review-calls';

const findings = (review: KycReview) => Object.values(review.errors).flat();
const similarity = (score: number | null) => (score === null ? 'not compared' : `${Math.round(score * 100)} % similar to the selfie`);

/** One submission: the student, the ID photos and the selfie side by side, what the check found, and the decision. */
export function ReviewCard({ review, timeZone }: { review: KycReview; timeZone: string }) {
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const decide = useKycDecision();
  const open = review.status === 'manual' || review.status === 'failed';

  async function submit(approve: boolean) {
    setError(null);
    if (!approve && !reason.trim()) return setError(kycMessages.reasonRequired);
    try {
      await decide.mutateAsync({ id: review.id, approve, reason: reason.trim() });
      notify.success(approve ? `${review.student.full_name}'s ID is verified.` : `${review.student.full_name}'s submission is rejected.`);
    } catch (failure) {
      setError(errorDetail(failure) ?? 'The decision could not be saved. Please try again.');
    }
  }

  return (
    <article className="review-card" aria-labelledby={`review-${review.id}`}>
      <header>
        <h2 id={`review-${review.id}`}>{review.student.full_name}</h2>
        <p className="muted">
          {review.student.email} · sent {dateTimeIn(review.submitted_at, timeZone)} · {review.mode === 'manual' ? 'for manual verification' : 'automatic check'}
        </p>
      </header>
      <div className="review-photos">
        {review.ids.map((id, i) => (
          <figure key={i}>
            {id.photo ? <img src={id.photo} alt={`${id.template ?? 'ID'} of ${review.student.full_name}`} /> : <p className="muted">Photo removed after the retention period.</p>}
            <figcaption>
              {id.template ?? 'ID'}
              {id.faces !== null && ` · ${id.faces} face${id.faces === 1 ? '' : 's'} found · ${similarity(id.score)}`}
            </figcaption>
          </figure>
        ))}
        <figure>
          {review.selfie ? <img src={review.selfie} alt={`Selfie of ${review.student.full_name}`} /> : <p className="muted">Photo removed after the retention period.</p>}
          <figcaption>Selfie{review.selfie_faces !== null && ` · ${review.selfie_faces} face${review.selfie_faces === 1 ? '' : 's'} found`}</figcaption>
        </figure>
      </div>
      {findings(review).length > 0 && (
        <ul className="review-findings" aria-label="What the automatic check found">
          {findings(review).map((finding) => (
            <li key={finding}>{finding}</li>
          ))}
        </ul>
      )}
      {review.reason && <p>Reason: {review.reason}</p>}
      {open && (
        <div className="review-decision">
          <div className={`field ${error ? 'has-error' : ''}`}>
            <label htmlFor={reasonId}>Reason (told to the student; required to reject)</label>
            <textarea id={reasonId} rows={2} value={reason} maxLength={1000} onChange={(e) => setReason(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${reasonId}-error` : undefined} />
            {error && (
              <p id={`${reasonId}-error`} className="field-error" role="alert">
                {error}
              </p>
            )}
          </div>
          <div className="review-actions">
            <Button label="Approve" busy={decide.isPending && decide.variables?.approve === true} disabled={decide.isPending} onClick={() => submit(true)} />
            <Button label="Reject" variant="ghost" busy={decide.isPending && decide.variables?.approve === false} disabled={decide.isPending} onClick={() => submit(false)} />
          </div>
        </div>
      )}
    </article>
  );
}
