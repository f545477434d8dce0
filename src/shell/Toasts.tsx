import { lazy, Suspense, useEffect, useState } from 'react';

import { useAppSelector } from '../app/hooks';
import { selectDirection } from '../features/settings/settingsSlice';
import { toastContainerMounted } from '../lib/notify';
import { NAVBAR_ID } from './NavBar';

/** Toasts top right, 5000 ms. */
export const TOAST_DURATION_MS = 5000;

/** Between the navigation bar and the first toast. */
const TOAST_GAP = '0.5rem';

const ToastContainer = lazy(async () => {
  const module = await import(/* webpackChunkName: "toasts" */ 'react-toastify');
  function ReadyContainer({ rtl, top }: { rtl: boolean; top: number }) {
    useEffect(() => toastContainerMounted(module), []);
    return (
      <module.ToastContainer
        position="top-right"
        autoClose={TOAST_DURATION_MS}
        newestOnTop
        rtl={rtl}
        style={{ top: `calc(${top}px + ${TOAST_GAP})` }}
      />
    );
  }
  return { default: ReadyContainer };
});

/**
 * The height of the sticky navigation bar, followed as it changes (a wrapped line, the phone menu opened): toasts
 * sit just below it, so they never cover the language toggle, the account menu or the cart.
 */
function useNavBarHeight(): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const navBar = document.getElementById(NAVBAR_ID);
    if (!navBar) return undefined;
    const measure = () => setHeight(navBar.getBoundingClientRect().height);
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(navBar);
    return () => observer.disconnect();
  }, []);
  return height;
}

export function Toasts() {
  const direction = useAppSelector(selectDirection);
  const navBarHeight = useNavBarHeight();
  return (
    <Suspense fallback={null}>
      <ToastContainer rtl={direction === 'rtl'} top={navBarHeight} />
    </Suspense>
  );
}
