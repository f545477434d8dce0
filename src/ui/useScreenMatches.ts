import { useEffect, useState } from 'react';

/**
 * Whether the screen matches a media query, following it as it changes. The first render reads the screen itself,
 * a hydration's too (useSyncExternalStore would render the server's answer first and the screen's after it), so that
 * a part the screen does not show can be left out of the hydration. The server, which has no screen, answers
 * `onServer`.
 */
export function useScreenMatches(query: string, onServer: boolean): boolean {
  const [matches, setMatches] = useState(() =>
    typeof window === 'undefined' || !window.matchMedia ? onServer : window.matchMedia(query).matches,
  );
  useEffect(() => {
    if (!window.matchMedia) return undefined;
    const list = window.matchMedia(query);
    const follow = () => setMatches(list.matches);
    follow();
    list.addEventListener?.('change', follow);
    return () => list.removeEventListener?.('change', follow);
  }, [query]);
  return matches;
}
