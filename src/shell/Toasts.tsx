import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';

import { useAppSelector } from '../app/hooks';
import { selectDirection } from '../features/settings/settingsSlice';
import { subscribeToastsWanted, toastContainerMounted, toastsWanted } from '../lib/notify';
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
 * sit just below it, so they never cover the language toggle, the account menu or the cart. A ResizeObserver reports
 * the first height too, after the browser's own layout: reading it at once would force a layout inside the tap that
 * shows the first toast (an "Add to cart"), before that tap's paint.
 */
function useNavBarHeight(): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const navBar = document.getElementById(NAVBAR_ID);
    if (!navBar || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => {
      const box = entry?.borderBoxSize[0];
      if (box) setHeight(box.blockSize);
    });
    observer.observe(navBar);
    return () => observer.disconnect();
  }, []);
  return height;
}

function ToastsOnceWanted() {
  const direction = useAppSelector(selectDirection);
  const navBarHeight = useNavBarHeight();
  return (
    <Suspense fallback={null}>
      <ToastContainer rtl={direction === 'rtl'} top={navBarHeight} />
    </Suspense>
  );
}

/** Mounts the container (and loads react-toastify) on the first message only. */
export function Toasts() {
  const wanted = useSyncExternalStore(subscribeToastsWanted, toastsWanted, () => false);
  return wanted ? <ToastsOnceWanted /> : null;
}
