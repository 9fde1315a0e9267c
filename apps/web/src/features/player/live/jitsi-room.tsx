import { useEffect, useRef, useState } from 'react';
import { LoadError } from '@/components/load-error';
import { Loading } from '@/components/loading';
import { loadScript } from '../components/load-script';

/** The part of Jitsi Meet's external API (external_api.js) that the page uses. */
type JitsiApi = { addListener(event: 'videoConferenceJoined' | 'videoConferenceLeft', listener: () => void): void; dispose(): void };
type JitsiOptions = { roomName: string; parentNode: HTMLElement; width: string; height: string; userInfo: { displayName: string; email: string } };
declare global {
  interface Window {
    JitsiMeetExternalAPI?: new (domain: string, options: JitsiOptions) => JitsiApi;
  }
}

type Props = {
  domain: string;
  room: string;
  user: JitsiOptions['userInfo'];
  height: string;
  /** The conference's own word that the user is in the room: what attendance starts from. */
  onJoined: () => void;
  onLeft: () => void;
};

/**
 * A Jitsi Meet room in the page. The conference server's script is loaded here rather than through
 * @jitsi/react-sdk, which keeps a failed load for good and only logs it: a student on a network that blocks the
 * server must be told so and be able to try again.
 */
export function JitsiRoom({ domain, room, user, height, onJoined, onLeft }: Props) {
  const node = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'failed' | 'loaded'>('loading');
  const [attempt, setAttempt] = useState(0);
  const handlers = useRef({ onJoined, onLeft });
  handlers.current = { onJoined, onLeft };
  const { displayName, email } = user;

  useEffect(() => {
    let api: JitsiApi | undefined;
    let cancelled = false;
    setState('loading');
    loadScript(`https://${domain}/external_api.js`).then(
      () => {
        if (cancelled || !node.current || !window.JitsiMeetExternalAPI) return;
        api = new window.JitsiMeetExternalAPI(domain, { roomName: room, parentNode: node.current, width: '100%', height, userInfo: { displayName, email } });
        api.addListener('videoConferenceJoined', () => handlers.current.onJoined());
        api.addListener('videoConferenceLeft', () => handlers.current.onLeft());
        setState('loaded');
      },
      () => {
        if (!cancelled) setState('failed');
      },
    );
    return () => {
      cancelled = true;
      api?.dispose();
    };
  }, [domain, room, height, displayName, email, attempt]);

  return (
    <div className="live-class-room">
      {state === 'loading' && <Loading />}
      {state === 'failed' && <LoadError message={`The live class could not be reached from this network (${domain}).`} retry={() => setAttempt((n) => n + 1)} />}
      <div ref={node} hidden={state !== 'loaded'} />
    </div>
  );
}
