import type { ComponentType } from 'react';

import { loadFooterTexts } from '../i18n/i18n';

let loaded: ComponentType | null = null;

/**
 * The footer's code and texts (their own chunks: the shop's first JavaScript stays without them). A page whose
 * markup came from the server is hydrated with them loaded (the server renders the footer whole, and preloads both
 * beside the page's code); a page rendered in the browser loads them when the shopper nears the footer.
 */
export function loadFooter(): Promise<{ default: ComponentType }> {
  return Promise.all([import(/* webpackChunkName: "footer" */ './Footer'), loadFooterTexts()]).then(
    ([footer]) => {
      loaded = footer.default;
      return footer;
    },
  );
}

/** The footer once loaded, for a first render that shows it at once (the same markup the server sent). */
export function loadedFooter(): ComponentType | null {
  return loaded;
}
