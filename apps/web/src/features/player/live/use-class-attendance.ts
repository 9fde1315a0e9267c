import { useCallback, useEffect, useRef, useState } from 'react';
import { ATTENDANCE_HEARTBEAT_SECONDS } from '@school/shared/learning/rules';
import type { AttendanceBody, AttendanceResult } from '@school/shared/learning/schemas';
import { ApiError } from '@/lib/api-error';
import { reportAttendance } from '../api/player-calls';

export type Attendance = { inRoom: boolean; attended: AttendanceResult | null };

/**
 * Reports the conference's joined and left events, and a heartbeat while in the room, so that the server credits
 * the presence (a class is completed by attending, not by clicking Join). `onCompleted` runs when a report
 * completed the courseware; staff previews report too and are answered without a record.
 */
export function useClassAttendance(code: string | null, onCompleted: () => void) {
  const [attendance, setAttendance] = useState<Attendance>({ inRoom: false, attended: null });
  const heartbeat = useRef<number | undefined>(undefined);
  const completed = useRef(onCompleted);
  completed.current = onCompleted;

  const stop = () => {
    window.clearInterval(heartbeat.current);
    heartbeat.current = undefined;
  };

  const report = useCallback(
    async (event: AttendanceBody['event']) => {
      if (!code) return;
      try {
        const result = await reportAttendance({ code, event });
        setAttendance((now) => ({ ...now, attended: result }));
        if (result.completion) completed.current();
      } catch (error) {
        // The class is over: nothing more to credit.
        if (error instanceof ApiError && error.body?.code === 'class_over') stop();
      }
    },
    [code],
  );

  const onJoined = useCallback(() => {
    setAttendance((now) => ({ ...now, inRoom: true }));
    void report('joined');
    stop();
    heartbeat.current = window.setInterval(() => void report('present'), ATTENDANCE_HEARTBEAT_SECONDS * 1000);
  }, [report]);

  const onLeft = useCallback(() => {
    setAttendance((now) => ({ ...now, inRoom: false }));
    stop();
    void report('left');
  }, [report]);

  // Leaving the page leaves the room.
  const inRoom = attendance.inRoom;
  useEffect(() => {
    if (!inRoom) return;
    return () => {
      stop();
      void report('left');
    };
  }, [inRoom, report]);

  return { ...attendance, onJoined, onLeft };
}
