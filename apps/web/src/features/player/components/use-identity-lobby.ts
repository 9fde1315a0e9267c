import { useCallback, useState } from 'react';
import { useKycStatus } from '@/lib/kyc-status';
import { useSchool } from '@/lib/school';

/** 'waiting' while the school or the student's verification is read; 'open' shows the lobby; 'done' goes on. */
export type LobbyState = 'waiting' | 'open' | 'done';

const lobbyKey = (courseId: number) => `identity-lobby-${courseId}`;

/**
 * Whether the identity check (the lobby, spec 2 §4) stands before a student's snapshot session: at a school
 * with the kyc product, for a student whose IDs are verified, once per course per browser session. A student
 * not verified has no selfie to compare with (their snapshots are recorded 'unverified'), so goes on; so does
 * one whose status cannot be read, as the snapshots are still checked on the server.
 */
export function useIdentityLobby(courseId: number, student: boolean) {
  const { data: school } = useSchool();
  const kycOn = Boolean(school?.config.products.kyc);
  const [passed, setPassed] = useState(() => sessionStorage.getItem(lobbyKey(courseId)) !== null);
  const status = useKycStatus(student && kycOn && !passed);

  let state: LobbyState;
  if (!student || passed) state = 'done';
  else if (!school || status.isLoading) state = 'waiting';
  else state = kycOn && status.data?.complete ? 'open' : 'done';

  const pass = useCallback(() => {
    sessionStorage.setItem(lobbyKey(courseId), 'yes');
    setPassed(true);
  }, [courseId]);
  return { state, pass };
}
