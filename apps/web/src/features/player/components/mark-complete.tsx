import { useId, useState } from 'react';
import { playerMessages as msg } from '@school/shared/learning/rules';

/** Link, PDF and rich-text lessons complete when 'Mark as Complete' is ticked (spec 2 §4); staff have nothing to mark. */
export function MarkComplete({ completed, busy, onComplete }: { completed: boolean; busy: boolean; onComplete: () => Promise<boolean> }) {
  const id = useId();
  // Ticked at once; the player moves on when the server has recorded it, or says why not and the box clears.
  const [ticked, setTicked] = useState(completed);
  return (
    <div className="mark-complete">
      <input
        id={id}
        type="checkbox"
        checked={ticked || completed}
        disabled={completed || busy}
        onChange={(e) => {
          if (!e.target.checked) return;
          setTicked(true);
          void onComplete().then((done) => setTicked(done));
        }}
      />
      <label htmlFor={id}>{msg.markComplete}</label>
    </div>
  );
}
