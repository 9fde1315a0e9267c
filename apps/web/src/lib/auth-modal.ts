import { useSyncExternalStore } from 'react';

/** Which auth form is open (spec 1 §4): shown or hidden, its type, and a success view. */
export type AuthForm = 'login' | 'signup' | 'forgot' | 'reset';
/** 'social': an account made through Facebook or Google (already verified), shown as a success modal. */
export type AuthSuccess = 'signup' | 'social' | 'forgot' | 'reset' | null;
export interface AuthModalState {
  form: AuthForm | null;
  success: AuthSuccess;
  resetToken?: string;
  /** Where to go after a login opened by /login?redirect=... */
  redirect?: string;
  /** The address typed at sign-up, shown on its success view. */
  email?: string;
  /** Why a Facebook or Google sign-in that came back failed: the form's banner, not a toast behind the modal. */
  error?: string;
}

let state: AuthModalState = { form: null, success: null };
const listeners = new Set<() => void>();

function set(next: AuthModalState) {
  state = next;
  for (const listener of listeners) listener();
}

export const authModal = {
  open: (form: AuthForm, extra: Omit<AuthModalState, 'form' | 'success'> = {}) => set({ form, success: null, ...extra }),
  succeed: (success: Exclude<AuthSuccess, null>, extra: Partial<AuthModalState> = {}) => set({ ...state, ...extra, success }),
  close: () => set({ form: null, success: null }),
};

export function useAuthModal(): AuthModalState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}
