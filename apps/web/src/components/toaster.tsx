import { lazy, Suspense, useEffect } from 'react';
import { useTheme } from '@/lib/theme';
import { toasterMounted, useToastsWanted } from './toast';

const SonnerToaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/** After sonner's toaster in the tree, so its effect runs once that toaster has subscribed to new toasts. */
function MountedSignal() {
  useEffect(() => toasterMounted(), []);
  return null;
}

/** Where toasts show; mounted with the first toast, which waits for it. */
export function Toaster() {
  const theme = useTheme();
  const wanted = useToastsWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster position="top-center" visibleToasts={1} theme={theme} richColors closeButton />
      <MountedSignal />
    </Suspense>
  );
}
