import { contentHashOf, HELD_FILES_COOKIE, HELD_FILES_LIMIT } from '../../shared/pageChunks';
import { readCookie, writeCookie } from './storage';

/** The built files this page carries inline (`data-href`): the server's page for a browser that does not hold them. */
function carriedFiles(): { href: string; hash: string }[] {
  return [...document.querySelectorAll<HTMLElement>('style[data-href], script[data-href]')].flatMap(
    (element) => {
      const href = element.dataset.href ?? '';
      const hash = contentHashOf(href);
      return hash && href.startsWith('/') ? [{ href, hash }] : [];
    },
  );
}

/** Adds a file to the cookie's names, the latest last, the oldest dropped past the limit. */
function rememberHeld(hash: string): void {
  const names = (readCookie(HELD_FILES_COOKIE) ?? '')
    .split('~')
    .filter((name) => name !== '' && name !== hash);
  writeCookie(HELD_FILES_COOKIE, [...names, hash].slice(-HELD_FILES_LIMIT).join('~'));
}

let holding: Promise<void> | null = null;

/**
 * Once the page works, fetches the files its HTML carried inline into the browser's cache, one after another at low
 * priority, and names each in the cookie (`HELD_FILES_COOKIE`): the server links them in the next pages instead of
 * carrying them again (server/plugins/inlineAssets.ts). A file that does not arrive is not named: the next page carries
 * it again.
 */
export function holdCarriedFiles(): Promise<void> {
  holding ??= new Promise<void>((resolve) => {
    const files = carriedFiles();
    if (files.length === 0) return resolve();
    const idle = (run: () => void) =>
      typeof window.requestIdleCallback === 'function'
        ? window.requestIdleCallback(run, { timeout: 5000 })
        : window.setTimeout(run, 200);
    idle(() => {
      void (async () => {
        for (const { href, hash } of files) {
          try {
            const response = await fetch(href, { priority: 'low', credentials: 'same-origin' });
            if (!response.ok) continue;
            await response.arrayBuffer();
            rememberHeld(hash);
          } catch {
            // Offline or gone: the next page carries it again.
          }
        }
        resolve();
      })();
    });
  });
  return holding;
}
