import { lazy, Suspense, useEffect } from 'react';

import { useAppSelector } from '../app/hooks';
import { selectDirection } from '../features/settings/settingsSlice';
import { toastContainerMounted } from '../lib/notify';

/** Spec 01 §8: toasts top right, 5000 ms. */
export const TOAST_DURATION_MS = 5000;

const ToastContainer = lazy(async () => {
  const module = await import(/* webpackChunkName: "toasts" */ 'react-toastify');
  function ReadyContainer(props: { rtl: boolean }) {
    useEffect(() => toastContainerMounted(module), []);
    return (
      <module.ToastContainer position="top-right" autoClose={TOAST_DURATION_MS} newestOnTop {...props} />
    );
  }
  return { default: ReadyContainer };
});

export function Toasts() {
  const direction = useAppSelector(selectDirection);
  return (
    <Suspense fallback={null}>
      <ToastContainer rtl={direction === 'rtl'} />
    </Suspense>
  );
}
