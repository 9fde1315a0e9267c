import { createContext, useContext } from 'react';
import { ApiError } from '@/lib/api-error';

/** Whether the snapshot session lets the student study now, and how a lesson reports that the server said no. */
export interface StudyPause {
  paused: boolean;
  refused: () => void;
}

/** Provided by the player; outside a snapshot session nothing pauses. */
export const StudyPauseContext = createContext<StudyPause>({ paused: false, refused: () => undefined });
export const useStudyPause = () => useContext(StudyPauseContext);

/** The server refuses progress and completions while the last snapshot failed its check. */
export const isSessionPaused = (error: unknown) => error instanceof ApiError && error.status === 403 && error.body?.code === 'session_paused';
