import type { Attendance } from './use-class-attendance';

const minutes = (seconds: number) => Math.floor(seconds / 60);

/** Where the student stands: in the room or not, and the presence counted against what completes the class. */
export function AttendanceLine({ attendance }: { attendance: Attendance }) {
  const { inRoom, attended } = attendance;
  let text = inRoom ? 'You are in the class.' : 'Your attendance starts once you are in the class.';
  if (attended?.completion || (attended && attended.attended_seconds >= attended.required_seconds)) text = 'Your attendance is recorded.';
  else if (attended && attended.required_seconds > 0) text = `Attendance: ${minutes(attended.attended_seconds)} of ${minutes(attended.required_seconds)} minutes.`;
  return (
    <p className="muted" role="status">
      {text}
    </p>
  );
}
