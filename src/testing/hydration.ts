// What tests of a server's markup taken over in the browser share: an observer that reports when the test scrolls,
// and React's complaints about the markup.

const observed: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];

/** A browser's IntersectionObserver that reports only when the test scrolls the shopper near an element. */
class ScrolledObserver {
  private readonly entry: { callback: IntersectionObserverCallback; targets: Element[] };
  constructor(callback: IntersectionObserverCallback) {
    this.entry = { callback, targets: [] };
    observed.push(this.entry);
  }
  observe(target: Element) {
    this.entry.targets.push(target);
  }
  unobserve() {}
  disconnect() {
    this.entry.targets = [];
  }
  takeRecords() {
    return [];
  }
}

/** Puts the scrolled observer in place of the window's for the next test; returns the step that puts it back. */
export function installScrolledObserver(): () => void {
  const original = globalThis.IntersectionObserver;
  observed.length = 0;
  globalThis.IntersectionObserver = ScrolledObserver as unknown as typeof IntersectionObserver;
  return () => {
    globalThis.IntersectionObserver = original;
  };
}

/** The shopper scrolls near `element`: the observers watching it report it (wrap in `act`). */
export function scrollNear(element: Element): void {
  for (const { callback } of observed.filter((entry) => entry.targets.includes(element)))
    callback(
      [{ target: element, isIntersecting: true } as IntersectionObserverEntry],
      {} as IntersectionObserver,
    );
}

/** How many observers the code under test made since the scrolled observer was installed. */
export const observersMade = () => observed.length;

/**
 * React's own words for markup it could not take over, among the errors a test caught (act() and useLayoutEffect
 * on a "server" with a window are the test's, not the page's).
 */
export function hydrationMismatches(errors: jest.SpyInstance): string[] {
  return errors.mock.calls
    .map((call: unknown[]) => call.map(String).join(' '))
    .filter((message) => !message.startsWith('Warning: useLayoutEffect does nothing on the server'))
    .filter((message) => /hydrat|did not match|does not match/i.test(message));
}

/**
 * What every test of a file that takes over a server's markup needs, set up at the file's top level: for each test,
 * the scrolled observer in place and the console's errors caught (React's complaints about the markup read through
 * `mismatches()`), then both put back and the page emptied.
 */
export function takeOverEachTest(): { mismatches: () => string[] } {
  let errors: jest.SpyInstance | undefined;
  let restoreObserver: (() => void) | undefined;
  beforeEach(() => {
    restoreObserver = installScrolledObserver();
    errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    errors?.mockRestore();
    restoreObserver?.();
    document.body.innerHTML = '';
  });
  return { mismatches: () => (errors ? hydrationMismatches(errors) : []) };
}
