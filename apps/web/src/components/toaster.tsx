import { lazy, Suspense } from 'react';
import { useTheme } from '@/lib/theme';
import { useToastsWanted } from './toast';

const SonnerToaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/** Where toasts show; mounted with the first toast (sonner shows toasts raised before it mounted). */
export function Toaster() {
  const theme = useTheme();
  const wanted = useToastsWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster position="top-center" visibleToasts={1} theme={theme} richColors closeButton />
    </Suspense>
  );
}
