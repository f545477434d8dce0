/** How long a failed load waits before it tries again on its own, when no `online` event comes. */
export const RELOAD_AFTER_MS = 15_000;

/**
 * A part's code that loads after the page has started (the footer as the shopper nears it): a failed load
 * (offline, a flaky network) is tried again once the connection is back, or after a while, instead of rejecting,
 * which would break the whole page for a part below the fold. Until then the part's placeholder stays.
 */
export function loadWhenOnline<T>(load: () => Promise<T>): Promise<T> {
  return load().catch(
    () =>
      new Promise<T>((resolve) => {
        const again = () => {
          window.removeEventListener('online', again);
          window.clearTimeout(timer);
          resolve(loadWhenOnline(load));
        };
        const timer = window.setTimeout(again, RELOAD_AFTER_MS);
        window.addEventListener('online', again);
      }),
  );
}
