import { useSyncExternalStore } from 'react';
import type { Role } from '@school/shared/auth/schemas';

/** The stored session of spec 1 §3: token, userId (student_id or id), studentId (id) and role. */
export interface Session {
  token: string;
  userId: number;
  studentId: number;
  role: Role;
}

const KEYS = ['token', 'userId', 'studentId', 'role'] as const;
type Listener = () => void;
const listeners = new Set<Listener>();

function read(storage: Storage): Session | null {
  const token = storage.getItem('token');
  const role = storage.getItem('role') as Role | null;
  if (!token || !role) return null;
  return { token, role, userId: Number(storage.getItem('userId')), studentId: Number(storage.getItem('studentId')) };
}

let current: Session | null = read(localStorage) ?? read(sessionStorage);

function emit() {
  for (const listener of listeners) listener();
}

/**
 * Saves a session. "Keep me logged in" unticked keeps it in sessionStorage, so it ends with the
 * browser session (DECISIONS.md); otherwise localStorage.
 */
export function saveSession(session: Session, remember = true) {
  clearStorage();
  const storage = remember ? localStorage : sessionStorage;
  storage.setItem('token', session.token);
  storage.setItem('userId', String(session.userId));
  storage.setItem('studentId', String(session.studentId));
  storage.setItem('role', session.role);
  current = session;
  emit();
}

export function storedToken(): string | null {
  return current?.token ?? localStorage.getItem('token') ?? sessionStorage.getItem('token');
}

function clearStorage() {
  for (const storage of [localStorage, sessionStorage]) {
    // Ids and role first, then the token, as spec 1 §4 orders it.
    for (const key of [...KEYS].reverse()) storage.removeItem(key);
  }
}

export function clearSession() {
  clearStorage();
  current = null;
  emit();
}

export function getSession() {
  return current;
}

export function useSession(): Session | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}

/** A session from a token response (login, sign-up, social sign-in). */
export function sessionFromToken(response: { token: string; id: number; student_id: number | null; role: Role }): Session {
  return { token: response.token, userId: response.student_id ?? response.id, studentId: response.id, role: response.role };
}
