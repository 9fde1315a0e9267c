import { FLAGGED_RESULTS, type IdentityTimeline } from '@school/shared/kyc/schemas';
import { dateTimeIn } from '@school/shared/school/dates';
import { snapshotResultLabels } from './labels';

type Snapshot = IdentityTimeline['snapshots'][number];

const flagged = (snapshot: Snapshot) => (FLAGGED_RESULTS as readonly string[]).includes(snapshot.result);
const similarity = (score: number | null) => (score === null ? '' : ` · ${Math.round(score * 100)} % similar to the selfie`);

/** The study snapshots in time order, each with when it was taken and what the check found; flagged ones stand out. */
export function SnapshotGrid({ snapshots, timeZone }: { snapshots: Snapshot[]; timeZone: string }) {
  // A long course takes many snapshots: only the photos scrolled to are fetched (loading="lazy").
  return (
    <ol className="snapshot-grid">
      {snapshots.map((snapshot) => {
        const when = dateTimeIn(snapshot.taken_at, timeZone);
        const result = snapshotResultLabels[snapshot.result];
        return (
          <li key={snapshot.id} className={flagged(snapshot) ? 'is-flagged' : undefined}>
            <figure>
              {snapshot.image ? <img src={snapshot.image} alt={`Snapshot at ${when}: ${result}`} loading="lazy" /> : <p className="muted">Photo removed after the retention period.</p>}
              <figcaption>
                <span>
                  <strong className="snapshot-result">{flagged(snapshot) ? `Flagged: ${result}` : result}</strong>
                  {similarity(snapshot.score)}
                </span>
                <time dateTime={snapshot.taken_at}>{when}</time>
              </figcaption>
            </figure>
          </li>
        );
      })}
    </ol>
  );
}
