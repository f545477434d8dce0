import type { Language } from './language';

export const directionOf = (language: Language): 'rtl' | 'ltr' => (language === 'ar' ? 'rtl' : 'ltr');

/** The hashed file names of both Bootstrap builds, written into index.html by the build. */
function stylesheetHref(direction: 'rtl' | 'ltr'): string | null {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="bootstrap-css"]');
  return meta?.dataset[direction] ?? null;
}

/** The Bootstrap sheets in the head: linked, or carried inline by the server's page (named by `data-href`). */
const bootstrapSheets = () => [
  ...document.head.querySelectorAll<HTMLLinkElement | HTMLStyleElement>(
    'link[data-bootstrap], style[data-bootstrap]',
  ),
];
const sheetHref = (sheet: HTMLLinkElement | HTMLStyleElement) =>
  sheet instanceof HTMLLinkElement ? sheet.getAttribute('href') : (sheet.dataset.href ?? null);

/**
 * Sets `<html lang dir>` and loads only the current direction's Bootstrap stylesheet. The new sheet replaces
 * the old one once loaded, so the page never shows unstyled. Resolves when the sheet is in place.
 */
export function applyDocumentLanguage(language: Language): Promise<void> {
  const direction = directionOf(language);
  const root = document.documentElement;
  // Only when they change: Chromium recomputes the whole page's style and layout on a write of the same value,
  // and the server's page already says both.
  if (root.lang !== language) root.lang = language;
  if (root.dir !== direction) root.dir = direction;

  const href = stylesheetHref(direction);
  if (!href) return Promise.resolve();
  const existing = bootstrapSheets().find((sheet) => sheetHref(sheet) === href);
  // The page's HTML already links the sheet of its language (and it has loaded before any deferred script runs).
  if (existing && (existing.dataset.loaded || existing.sheet)) return Promise.resolve();

  return new Promise((resolve) => {
    const link = existing instanceof HTMLLinkElement ? existing : document.createElement('link');
    const done = () => {
      link.dataset.loaded = 'true';
      // Drop every other sheet, including one still loading from a switch a moment ago.
      bootstrapSheets()
        .filter((other) => other !== link)
        .forEach((other) => other.remove());
      resolve();
    };
    link.addEventListener('load', done, { once: true });
    link.addEventListener('error', done, { once: true });
    if (link !== existing) {
      link.rel = 'stylesheet';
      link.href = href;
      link.dataset.bootstrap = direction;
      document.head.prepend(link);
    }
  });
}
