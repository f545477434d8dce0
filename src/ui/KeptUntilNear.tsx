import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';

import { focusPlaceIn, restoreFocusPlace } from './focusPlace';

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

// The server runs no effects (nor warns of layout ones).
const useCommitEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/** How far below (or above) the screen a kept part starts rendering, so it is live before the shopper sees it. */
export const NEAR_SCREEN = '600px';

/**
 * A part of a server-rendered page far below the fold, left out of the page's hydration: its markup stays as the
 * server sent it (React leaves an element's inner HTML alone when hydrating it from `dangerouslySetInnerHTML`), and the
 * phone hydrates the rest of the page sooner. The part renders (in a transition, in slices) when it nears the screen,
 * is touched or focused (the focus moves to the same place in the rendered markup), or when what it shows changes
 * (`showing`, compared by identity: a kept copy must never show stale data, not even to a screen reader). A page the
 * browser renders itself (no server markup) renders the part at once.
 */
export function KeptUntilNear({ showing, children }: { showing: unknown; children: ReactNode }) {
  const onServer = useContext(ServerRendering);
  const hydrating = useHydrating();
  const [kept, setKept] = useState(() => hydrating && !onServer);
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
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && render(),
      {
        rootMargin: `${NEAR_SCREEN} 0px`,
      },
    );
    observer.observe(element);
    const focused = () => {
      focusAt.current = focusPlaceIn(element);
      setKept(false);
    };
    element.addEventListener('pointerdown', render);
    element.addEventListener('focusin', focused);
    return () => {
      observer.disconnect();
      element.removeEventListener('pointerdown', render);
      element.removeEventListener('focusin', focused);
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
