import type { ComponentType } from 'react';

import type { AppDispatch } from '../app/store';
import type { Language } from '../lib/language';
import { loadFooterTexts } from '../i18n/i18n';

/** The footer's chunk: the footer, and the answers it shows, asked before it replaces the server's markup. */
export interface FooterModule {
  default: ComponentType;
  footerAnswersLoaded: (dispatch: AppDispatch, language: Language) => Promise<void>;
}

let loaded: ComponentType | null = null;

/**
 * The footer's code and texts (their own chunks: the shop's first JavaScript stays without them). The server renders
 * the footer whole with them loaded; the browser loads them when the shopper nears the footer, whether the page's
 * markup came from the server (whose footer works as plain links until then) or was rendered here.
 */
export function loadFooter(): Promise<FooterModule> {
  return Promise.all([import(/* webpackChunkName: "footer" */ './Footer'), loadFooterTexts()]).then(
    ([footer]) => {
      loaded = footer.default;
      return footer;
    },
  );
}

/** The footer once loaded, for a first render that shows it at once (the server's, or a later page's). */
export function loadedFooter(): ComponentType | null {
  return loaded;
}
