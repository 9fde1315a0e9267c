import { useEffect, useState } from 'react';
import { classJoinable, playerMessages as msg } from '@school/shared/learning/rules';
import type { Courseware } from '@school/shared/learning/schemas';
import { clockTime, longDate } from '@school/shared/school/dates';
import { Button } from '@/components/button';
import { notify } from '@/components/toast';
import { paths } from '@/config/paths';
import { errorDetail } from '@/lib/api-error';
import { useClientConfig } from '@/lib/client-config';
import { useProfile } from '@/lib/profile';
import { joinClass } from '../api/player-calls';
import { AttendanceLine } from '../live/attendance-line';
import { JitsiRoom } from '../live/jitsi-room';
import { useClassAttendance } from '../live/use-class-attendance';

type Room = NonNullable<Courseware['conference_room']>;

/** Whether Join Class is open yet, rechecked every 30 s while the page stays open. */
function useJoinable(room: Room) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return classJoinable(new Date(room.starts_at), now);
}

/**
 * A live class (spec 2 §4): Join Class from 15 minutes before the start, then the Jitsi Meet room in the page
 * with the user's name and e-mail, or the school's studio in a new tab. The conference's own events, not the click,
 * are reported as attendance, which completes the courseware.
 */
export function LiveClass({ courseware, onJoined }: { courseware: Courseware; onJoined: () => void }) {
  if (!courseware.conference_room) return <p>This live class has no schedule yet.</p>;
  return <LiveClassRoom room={courseware.conference_room} recording={courseware.recording} onCompleted={onJoined} />;
}

function LiveClassRoom({ room, recording, onCompleted }: { room: Room; recording: string | null; onCompleted: () => void }) {
  const { data: config } = useClientConfig();
  const { data: profile } = useProfile();
  const [code, setCode] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const joinable = useJoinable(room);
  const attendance = useClassAttendance(room.use_studios ? null : code, onCompleted);

  async function join() {
    // Opened within the click, or a pop-up blocker would stop it; the studio reports its own attendance.
    if (room.use_studios) window.open(paths.studio(room.name), '_blank', 'noopener');
    setBusy(true);
    try {
      const result = await joinClass({ confRoomName: room.name, useStudios: room.use_studios, url: room.url });
      if (!room.use_studios) setCode(result.code);
    } catch (error) {
      notify.error(errorDetail(error) ?? 'Unable to join the class.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="live-class">
      <p className="live-class-when">
        {longDate(room.date)}, {clockTime(room.start_time)} to {clockTime(room.end_time)}
      </p>
      {!code && <Button label="Join Class" busy={busy} disabled={!joinable} onClick={join} />}
      {!joinable && <p className="muted">{msg.classNotOpen}</p>}
      {code && config && (
        <>
          <AttendanceLine attendance={attendance} />
          <JitsiRoom
            domain={config.live_class.domain}
            room={code}
            user={{ displayName: profile?.full_name ?? '', email: profile?.email ?? '' }}
            height="70vh"
            onJoined={attendance.onJoined}
            onLeft={attendance.onLeft}
          />
        </>
      )}
      {recording && (
        <p>
          <a href={recording}>Watch the recording</a>
        </p>
      )}
    </div>
  );
}
