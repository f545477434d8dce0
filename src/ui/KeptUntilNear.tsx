import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';

import { flushSync } from 'react-dom';

import { focusPlaceIn, restoreFocusPlace } from './focusPlace';
import { useCommitEffect } from './useCommitEffect';
import { NEAR_SCREEN } from './useNearScreen';

/** True in the server's render of a page (app/renderPage), which renders every part whole. */
export const ServerRendering = createContext(false);

const neverChanges = () => () => undefined;

/** True while React hydrates the server's markup (it reads a store's server snapshot then), false in any later render. */
const useHydrating = () =>
  useSyncExternalStore(
    neverChanges,
    () => false,
    () => true,
  );

/**
 * A part of a server-rendered page far below the fold, left out of the page's hydration: its markup stays as the
 * server sent it (React leaves an element's inner HTML alone when hydrating it from `dangerouslySetInnerHTML`), and the
 * phone hydrates the rest of the page sooner. The part renders (in a transition, in slices) when it nears the screen
 * (not while a press on it is under way), when it is clicked (the click is given to the rendered markup's element at
 * the same place) or focused (the focus moves to that place too), or when what it shows changes
 * (`showing`, compared by identity: a kept copy must never show stale data, not even to a screen reader). A page the
 * browser renders itself (no server markup) renders the part at once.
 */
export function KeptUntilNear({
  showing,
  children,
  hydrated = false,
}: {
  showing: unknown;
  children: ReactNode;
  /**
   * Hydrated with the page after all: the part is wrapped everywhere alike, and only the browser knows whether it is
   * in view now (a grid's cards: how many rows its width makes of them).
   */
  hydrated?: boolean;
}) {
  const onServer = useContext(ServerRendering);
  const hydrating = useHydrating();
  const [kept, setKept] = useState(() => hydrating && !onServer && !hydrated);
  const [keptShowing] = useState(showing);
  const place = useRef<HTMLDivElement>(null);
  const focusAt = useRef<number | null>(null);
  const stale = kept && showing !== keptShowing;

  useEffect(() => {
    const element = place.current;
    if (!kept || !element) return undefined;
    const render = () => startTransition(() => setKept(false));
    if (stale || typeof IntersectionObserver === 'undefined') {
      render();
      return undefined;
    }
    // A press inside the kept markup holds the rendering back until its click has been dealt with: markup replaced
    // between the press and the release would take the tap with it (the click goes to what both have in common).
    let pressed = false;
    let wanted = false;
    const renderUnlessPressed = () => {
      if (pressed) wanted = true;
      else render();
    };
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && renderUnlessPressed(),
      {
        rootMargin: `${NEAR_SCREEN} 0px`,
      },
    );
    observer.observe(element);
    const pressedDown = () => {
      pressed = true;
    };
    // After the click (which comes after the release), or after a press that became a scroll.
    const released = () =>
      window.setTimeout(() => {
        pressed = false;
        if (wanted) render();
      }, 0);
    const focused = () => {
      if (pressed) return;
      focusAt.current = focusPlaceIn(element);
      setKept(false);
    };
    // The click on the kept markup is given to the rendered markup, at the same place: a link then moves inside the
    // app, a button does what it does. A click with a modifier (a new tab) stays the browser's own.
    const clicked = (event: MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const at = [...element.querySelectorAll('*')].indexOf(event.target as Element);
      if (at < 0) return;
      event.preventDefault();
      event.stopPropagation();
      const focus = focusPlaceIn(element);
      flushSync(() => setKept(false));
      restoreFocusPlace(place.current, focus);
      const target = place.current?.querySelectorAll('*')[at];
      if (target instanceof HTMLElement) target.click();
    };
    element.addEventListener('pointerdown', pressedDown);
    element.addEventListener('pointerup', released);
    element.addEventListener('pointercancel', released);
    element.addEventListener('focusin', focused);
    element.addEventListener('click', clicked);
    return () => {
      observer.disconnect();
      element.removeEventListener('pointerdown', pressedDown);
      element.removeEventListener('pointerup', released);
      element.removeEventListener('pointercancel', released);
      element.removeEventListener('focusin', focused);
      element.removeEventListener('click', clicked);
    };
  }, [kept, stale]);

  useCommitEffect(() => {
    if (kept || focusAt.current === null) return;
    restoreFocusPlace(place.current, focusAt.current);
    focusAt.current = null;
  }, [kept]);

  if (kept)
    return (
      <div
        ref={place}
        key="kept"
        className="kept-until-near"
        dangerouslySetInnerHTML={{ __html: '' }}
        suppressHydrationWarning
      />
    );
  return (
    <div ref={place} key="live" className="kept-until-near">
      {children}
    </div>
  );
}
