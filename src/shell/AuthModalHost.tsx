import { lazy, Suspense } from 'react';

import { useAppSelector } from '../app/hooks';
import { selectAuthModal } from '../features/auth/authSlice';

// The auth modal's code loads only when a shopper first opens it.
const AuthModal = lazy(() => import('../features/auth/components/AuthModal'));

export function AuthModalHost() {
  const { open } = useAppSelector(selectAuthModal);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <AuthModal />
    </Suspense>
  );
}
