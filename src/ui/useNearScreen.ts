import { useEffect, useRef, useState } from 'react';

/**
 * How far below (or above) the screen a part below the fold starts loading or rendering (the footer, the kept parts
 * of a rendered page), so it is there and live by the time the shopper scrolls to it.
 */
export const NEAR_SCREEN = '600px';

/**
 * Whether an element's place has come within `loadAhead` of the screen (and stays true once it has): parts below
 * the fold load their code when the shopper nears them, so opening a page never fetches them. `watch` false holds
 * the observation back (e.g. until the page's own content has taken its place).
 */
export function useNearScreen<T extends Element>(loadAhead: string, watch = true) {
  const place = useRef<T>(null);
  // Without IntersectionObserver (old browsers, tests) the part simply loads at once; the server renders the place
  // only, as the browser's first render does.
  const [near, setNear] = useState(
    () => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined',
  );
  useEffect(() => {
    const element = place.current;
    if (near || !watch || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${loadAhead} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, watch, loadAhead]);
  return { place, near };
}

/**
 * True once the page has loaded and the browser is idle: by then the route's code has rendered its content (or
 * the skeleton holding its place), so what is below it is where it will stay.
 */
export function usePageSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let idle = 0;
    const afterIdle = () => {
      idle = window.requestIdleCallback
        ? window.requestIdleCallback(() => setSettled(true), { timeout: 2000 })
        : window.setTimeout(() => setSettled(true), 200);
    };
    if (document.readyState === 'complete') afterIdle();
    else window.addEventListener('load', afterIdle, { once: true });
    return () => {
      window.removeEventListener('load', afterIdle);
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, []);
  return settled;
}
