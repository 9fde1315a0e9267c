import { lazy, Suspense, useState } from 'react';
import { useAuthModal } from '@/lib/auth-modal';

const AuthModal = lazy(() => import('@/features/auth/components/auth-modal').then((module) => ({ default: module.AuthModal })));

/**
 * The auth modal, loaded the first time a form opens: its forms and their validation (zod,
 * react-hook-form) stay out of what every page loads first.
 */
export function AuthModalSlot() {
  const { form } = useAuthModal();
  const [needed, setNeeded] = useState(false);
  if (form && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <AuthModal />
    </Suspense>
  );
}
