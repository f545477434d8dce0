import { lazy, Suspense } from 'react';

import { useAppSelector } from '../app/hooks';
import { selectAuthModal } from '../features/auth/authSlice';
import { loadAuthTexts } from '../i18n/i18n';

// The auth modal's code and texts load only when a shopper first opens it.
const AuthModal = lazy(async () => {
  const [module] = await Promise.all([
    import(/* webpackChunkName: "auth-modal" */ '../features/auth/components/AuthModal'),
    loadAuthTexts(),
  ]);
  return module;
});

export function AuthModalHost() {
  const { open } = useAppSelector(selectAuthModal);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <AuthModal />
    </Suspense>
  );
}
