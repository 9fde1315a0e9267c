import { RelativeTime } from '@/components/relative-time';
import { Button } from '@/components/button';
import { ApiError } from '@/lib/api-error';

/** A save refused because somebody saved first (412): what is there now, who saved it and when, as far as known. */
export interface Conflict<T> {
  current: T;
  by: string | null;
  at: string | null;
}

/** The 412 behind a refused save, or null when the refusal was something else. */
export function conflictOf<T>(failure: unknown): Conflict<T> | null {
  if (!(failure instanceof ApiError) || failure.status !== 412) return null;
  const body = failure.body as unknown as { current?: T; updated_by?: { name: string } | null; updated_at?: string | null };
  return body.current ? { current: body.current, by: body.updated_by?.name ?? null, at: body.updated_at ?? null } : null;
}

interface Props {
  /** What was being edited: "this course", "this lesson". */
  what: string;
  conflict: Conflict<unknown>;
  onReload: () => void;
}

/** Says that the editor's changes are not saved because somebody else's are, and offers theirs. */
export function ConflictBanner({ what, conflict, onReload }: Props) {
  return (
    <div className="banner banner-error" role="alert">
      <p>
        {conflict.by ?? 'Somebody'} saved {what}
        {conflict.at ? (
          <>
            {' '}
            <RelativeTime iso={conflict.at} />
          </>
        ) : null}
        , after you opened it. Your changes are not saved. Reload to see theirs, then make yours again.
      </p>
      <Button label="Reload" variant="ghost" onClick={onReload} />
    </div>
  );
}
