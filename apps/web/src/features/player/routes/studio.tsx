import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { Loading } from '@/components/loading';
import { errorDetail } from '@/lib/api-error';
import { useClientConfig } from '@/lib/client-config';
import { useProfile } from '@/lib/profile';
import { joinClass } from '../api/player-calls';
import { AttendanceLine } from '../live/attendance-line';
import { JitsiRoom } from '../live/jitsi-room';
import { useClassAttendance } from '../live/use-class-attendance';

/**
 * /studios/{name}: a live class held in the school's studio, the whole window for the room. The server checks the
 * class's hours and the caller's place in it, and answers the unguessable room to open.
 */
export function Studio() {
  const { name = '' } = useParams();
  const { data: config } = useClientConfig();
  const { data: profile } = useProfile();
  const room = useQuery({ queryKey: ['studio', name], queryFn: () => joinClass({ confRoomName: name, useStudios: true, url: '' }), retry: false, staleTime: Infinity });
  const attendance = useClassAttendance(room.data?.code ?? null, () => undefined);

  if (room.error) {
    return (
      <main className="studio studio-message">
        <h1>Studio</h1>
        <LoadError message={errorDetail(room.error) ?? 'The class could not be opened.'} retry={() => void room.refetch()} />
      </main>
    );
  }
  if (!config || !profile || !room.data) return <Loading />;
  return (
    <main className="studio">
      <h1 className="visually-hidden">Studio {name}</h1>
      <AttendanceLine attendance={attendance} />
      <JitsiRoom
        domain={config.live_class.domain}
        room={room.data.code}
        user={{ displayName: profile.full_name, email: profile.email ?? '' }}
        height="calc(100vh - 2rem)"
        onJoined={attendance.onJoined}
        onLeft={attendance.onLeft}
      />
    </main>
  );
}
