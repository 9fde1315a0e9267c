import { JitsiMeeting } from '@jitsi/react-sdk';
import { useParams } from 'react-router';
import { Loading } from '@/components/loading';
import { useClientConfig } from '@/lib/client-config';
import { useProfile } from '@/lib/profile';

/** /studios/{name}: a live class held in the school's studio, the whole window for the room. */
export function Studio() {
  const { name = '' } = useParams();
  const { data: config } = useClientConfig();
  const { data: profile } = useProfile();
  if (!config || !profile) return <Loading />;
  return (
    <main className="studio">
      <h1 className="visually-hidden">Studio {name}</h1>
      <JitsiMeeting
        domain={config.live_class.domain}
        roomName={name}
        userInfo={{ displayName: profile.full_name, email: profile.email ?? '' }}
        getIFrameRef={(node) => {
          node.style.height = '100vh';
        }}
      />
    </main>
  );
}
