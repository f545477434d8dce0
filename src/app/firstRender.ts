// What decides whether the browser hydrates a server-rendered page or renders its own.
import { createSelector, lruMemoize } from '@reduxjs/toolkit';

import { PERSONAL_COOKIE, SERVER_PAGE_ID } from '../../shared/pageChunks';
import { writeCookie } from '../lib/storage';
import type { Language } from './events';
import { rootReducer, type AppStore, type RootState } from './store';

/**
 * What the server's render and the browser's first render must agree on, besides the address and the answers.
 * Memoised on its inputs (one entry): the store calls it after every action, and most actions change none of them.
 */
export const selectFirstRenderInputs: (state: RootState) => string = createSelector(
  [
    (state: RootState) => state.settings.language,
    (state: RootState) => state.settings.currency,
    (state: RootState) => state.auth.token !== null,
    (state: RootState) => state.cart.guestToken !== null,
    (state: RootState) => state.catalog.filters,
    (state: RootState) => state.search.text,
    (state: RootState) => state.shipping.choice,
    (state: RootState) => state.coupon.applied,
  ],
  (language, currency, token, guestCart, filters, searchText, shipping, coupon) =>
    JSON.stringify({
      language,
      currency,
      token,
      guestCart,
      filters,
      searchText,
      shipping,
      coupon,
    }),
  // One entry, not a cache keyed by every search text the server ever rendered.
  { memoize: lruMemoize, argsMemoize: lruMemoize },
);

/**
 * What the server's page renderer embeds after the markup: whose state it was rendered from, and the API answers
 * it was rendered from (the API slice's state: its fulfilled queries and their tags), which the browser hydrates
 * with, so both renders read the same data.
 */
export interface ServerPage {
  /** `selectFirstRenderInputs` of the state the server rendered with. */
  personal: string;
  answers: unknown;
}

export function isServerPage(value: unknown): value is ServerPage {
  const page = value as Partial<ServerPage> | null;
  return (
    typeof page === 'object' &&
    page !== null &&
    typeof page.personal === 'string' &&
    typeof page.answers === 'object' &&
    page.answers !== null
  );
}

/** The server-rendered page's data, when the HTML carries one. */
export function readServerPage(doc: Document = document): ServerPage | null {
  const text = doc.getElementById(SERVER_PAGE_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return isServerPage(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

const newVisitors = new Map<Language, string>();
/** A new visitor's state in this language: nothing stored. */
function newVisitorSignature(language: Language): string {
  let signature = newVisitors.get(language);
  if (signature === undefined) {
    const fresh = rootReducer(undefined, { type: '@@firstRender/fresh' });
    signature = selectFirstRenderInputs({ ...fresh, settings: { ...fresh.settings, language } });
    newVisitors.set(language, signature);
  }
  return signature;
}

/**
 * Keeps the cookie (`PERSONAL_COOKIE`: a page rendered for a new visitor would show this shopper somebody else's
 * shop for a moment, so the server leaves the rendering to the browser) in step with the store: set while the
 * stored state differs from a new visitor's, cleared when it is back to one's (signed out, cart emptied …).
 */
export function watchPersonalState(store: AppStore): () => void {
  let written: boolean | null = null;
  const check = () => {
    const state = store.getState();
    const personal = selectFirstRenderInputs(state) !== newVisitorSignature(state.settings.language);
    if (personal === written) return;
    written = personal;
    writeCookie(PERSONAL_COOKIE, personal ? '1' : '0');
  };
  check();
  return store.subscribe(check);
}
