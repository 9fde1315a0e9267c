/** Answered, Closed and (for the school's staff) Hidden, in words, not colour alone. */
export function TopicMarkers({ closed = false, answered = false, hidden = false }: { closed?: boolean; answered?: boolean; hidden?: boolean }) {
  if (!closed && !answered && !hidden) return null;
  return (
    <p className="topic-markers">
      {answered && <span className="marker marker-answered">Answered</span>}
      {closed && <span className="marker marker-closed">Closed</span>}
      {hidden && <span className="marker marker-hidden">Hidden</span>}
    </p>
  );
}
