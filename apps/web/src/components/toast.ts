import { useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS } from '@school/shared/ui/badge';

// sonner and its styles load with the first toast, not with every page.
let wanted = false;
const listeners = new Set<() => void>();

function loadSonner() {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  return import('sonner');
}

/** Whether a toast has been asked for yet; the toaster is mounted from then on. */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
  );
}

let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});
/** Called by the toaster once sonner's own toaster listens: toasts raised before then could be lost. */
export const toasterMounted = () => markMounted();

function show(kind: 'success' | 'error' | 'info', message: string) {
  // Raised in order once the toaster listens: a dismissal and a new toast before it mounted lost the new one.
  void Promise.all([loadSonner(), mounted]).then(([{ toast }]) => {
    toast.dismiss();
    toast[kind](message, { duration: TOAST_DURATION_MS });
  });
}

/** One toast at a time, top centre, closing after 3000 ms (spec 3 §2). */
export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};
