import { useEffect, useRef, useState } from 'react';
import { clock, playerMessages as msg } from '@school/shared/learning/rules';

/**
 * 'Course Remaining Time' (spec 2 §4), or an exam's: counts down from the server's time left; at zero it calls
 * `onEnd` once. `frozen` stops it where it stands (a failed snapshot holds the session: the server's clock stands
 * still too) and it goes on from there.
 */
export function CourseTimer({ timeLeft, onEnd, label = msg.remainingTime, frozen = false }: { timeLeft: number; onEnd: () => void; label?: string; frozen?: boolean }) {
  const deadline = useRef(Date.now() + timeLeft * 1000);
  const [left, setLeft] = useState(timeLeft);
  const ended = useRef(false);

  useEffect(() => {
    deadline.current = Date.now() + timeLeft * 1000;
    ended.current = false;
    setLeft(timeLeft);
  }, [timeLeft]);

  useEffect(() => {
    if (frozen) {
      const remaining = deadline.current - Date.now();
      return () => {
        deadline.current = Date.now() + remaining;
      };
    }
    const tick = () => {
      const now = Math.max(0, Math.ceil((deadline.current - Date.now()) / 1000));
      setLeft(now);
      if (now === 0 && !ended.current) {
        ended.current = true;
        onEnd();
      }
    };
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [onEnd, frozen]);

  return (
    <div className="course-timer">
      <span className="course-timer-label">{label}</span>
      <span className="course-timer-value" role="timer" aria-live="off">
        {clock(left)}
      </span>
      {label === msg.remainingTime && <small className="course-timer-note">{msg.timerNote}</small>}
    </div>
  );
}
