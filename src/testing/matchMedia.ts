// jsdom has no matchMedia; this answers min-/max-width and hover/pointer queries for a chosen screen.
export interface FakeScreen {
  width: number;
  touch?: boolean;
}

function matches(query: string, screen: FakeScreen): boolean {
  return query.split(',').some((part) => {
    const conditions = [...part.matchAll(/\(([^)]+)\)/g)].map((match) => (match[1] ?? '').trim());
    return conditions.every((condition) => {
      const [feature, raw] = condition.split(':').map((piece) => piece.trim());
      const value = parseFloat(raw ?? '');
      if (feature === 'min-width') return screen.width >= value;
      if (feature === 'max-width') return screen.width <= value;
      if (feature === 'hover') return raw === 'none' ? !!screen.touch : !screen.touch;
      if (feature === 'pointer') return raw === 'coarse' ? !!screen.touch : !screen.touch;
      return false;
    });
  });
}

let current: FakeScreen = { width: 1280 };
const listeners = new Set<() => void>();

export function installMatchMedia(screen: FakeScreen = { width: 1280 }): void {
  current = { ...screen };
  listeners.clear();
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      // Live, as a browser's MediaQueryList is: it answers for the screen as it is now.
      get matches() {
        return matches(query, current);
      },
      media: query,
      onchange: null,
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

/** The screen becomes `width` wide: every query's listeners hear of it (wrap in `act`). */
export function resizeScreen(width: number): void {
  current = { ...current, width };
  for (const listener of [...listeners]) listener();
}
