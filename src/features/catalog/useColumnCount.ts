import { useSyncExternalStore } from 'react';

// The grid's breakpoints (ui.css): 4 columns at 1024 px, 3 at 768 px, else 2; home goes to 1 below 576 px.
const QUERIES = ['(min-width: 1024px)', '(min-width: 768px)', '(min-width: 576px)'] as const;

export function columnsNow(home: boolean): number {
  if (typeof window === 'undefined' || !window.matchMedia) return 4;
  if (window.matchMedia(QUERIES[0]).matches) return 4;
  if (window.matchMedia(QUERIES[1]).matches) return 3;
  if (home && !window.matchMedia(QUERIES[2]).matches) return 1;
  return 2;
}

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
  const lists = QUERIES.map((query) => window.matchMedia(query));
  for (const list of lists) list.addEventListener?.('change', onChange);
  return () => {
    for (const list of lists) list.removeEventListener?.('change', onChange);
  };
}

/** How many columns the product grid has right now, so lists can fill whole rows. */
export function useColumnCount(home = false): number {
  return useSyncExternalStore(
    subscribe,
    () => columnsNow(home),
    () => 4,
  );
}
