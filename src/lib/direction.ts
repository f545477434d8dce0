import type { Language } from '../app/events';

export const directionOf = (language: Language): 'rtl' | 'ltr' => (language === 'ar' ? 'rtl' : 'ltr');

const LINK_ID = 'bootstrap-css';

/** The hashed file names of both Bootstrap builds, written into index.html by the build. */
function stylesheetHref(direction: 'rtl' | 'ltr'): string | null {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="bootstrap-css"]');
  return meta?.dataset[direction] ?? null;
}

/**
 * Sets `<html lang dir>` and loads only the current direction's Bootstrap stylesheet. The new sheet replaces
 * the old one once loaded, so the page never shows unstyled. Resolves when the sheet is in place.
 */
export function applyDocumentLanguage(language: Language): Promise<void> {
  const direction = directionOf(language);
  const root = document.documentElement;
  root.lang = language;
  root.dir = direction;

  const href = stylesheetHref(direction);
  if (!href) return Promise.resolve();
  const current = document.getElementById(LINK_ID) as HTMLLinkElement | null;
  if (current?.getAttribute('href') === href) return Promise.resolve();

  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.dataset.direction = direction;
    const done = () => {
      current?.remove();
      link.id = LINK_ID;
      resolve();
    };
    link.addEventListener('load', done, { once: true });
    link.addEventListener('error', done, { once: true });
    document.head.prepend(link);
  });
}
