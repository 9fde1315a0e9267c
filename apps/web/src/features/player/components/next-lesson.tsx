import { useId } from 'react';
import { nextLockedReason } from '@school/shared/learning/rules';
import { Button } from '@/components/button';

/** The lesson's Next; while it is locked it says what opens it, beside it and to screen readers. */
export function NextLesson({ locked, type, onClick }: { locked: boolean; type: string; onClick: () => void }) {
  const reason = useId();
  return (
    <span className="next-lesson">
      {locked && (
        <span id={reason} className="muted">
          {nextLockedReason(type)}
        </span>
      )}
      <Button label="Next" disabled={locked} aria-describedby={locked ? reason : undefined} onClick={onClick} />
    </span>
  );
}
