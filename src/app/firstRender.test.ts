import { http, HttpResponse } from 'msw';

import { cartSnapshot } from '../features/cart/cartSnapshot';
import { makeCartItem } from '../features/cart/testing/fixtures';
import { selectCartData } from '../features/cart/useCart';
import { favoritesSnapshot } from '../features/favorites/favoritesSnapshot';
import { PERSONAL_COOKIE, SERVER_PAGE_ID } from '../../shared/pageChunks';
import { readCookie } from '../lib/storage';
import { apiUrl, server } from '../testing/server';
import { SNAPSHOT_PREFIX, snapshotCache, type CacheSnapshot } from './cacheSnapshot';
import { currencyChanged, guestTokenIssued, languageChanged, signedIn, signedOut } from './events';
import { selectFirstRenderInputs, readServerPage, watchPersonalState } from './firstRender';
import { makeStore } from './store';

afterEach(() => {
  document.cookie = `${PERSONAL_COOKIE}=; path=/; max-age=0`;
  document.body.innerHTML = '';
});

describe('whether the server rendered this shopper’s page', () => {
  test('a new visitor in the same language has the signature the server rendered with', () => {
    const server = makeStore({ settings: { language: 'ar' } });
    expect(selectFirstRenderInputs(makeStore({ settings: { language: 'ar' } }).getState())).toBe(
      selectFirstRenderInputs(server.getState()),
    );
    expect(selectFirstRenderInputs(makeStore({ settings: { language: 'en' } }).getState())).not.toBe(
      selectFirstRenderInputs(server.getState()),
    );
  });

  test('a session, a guest cart or another currency make the page the shopper’s own', () => {
    const fresh = selectFirstRenderInputs(makeStore().getState());
    const signedInStore = makeStore();
    signedInStore.dispatch(signedIn({ token: 't', userId: 1, email: 'a@b.test' }));
    const cartStore = makeStore();
    cartStore.dispatch(guestTokenIssued('guest-token'));
    const currencyStore = makeStore();
    currencyStore.dispatch(currencyChanged('SAR'));
    for (const store of [signedInStore, cartStore, currencyStore])
      expect(selectFirstRenderInputs(store.getState())).not.toBe(fresh);
  });

  test('the snapshot the last visit left shows only with a guest cart or a session: such a page is never a new visitor’s', () => {
    const fresh = selectFirstRenderInputs(makeStore().getState());
    const items = [makeCartItem()];
    const args = { guestToken: 'guest-token', userId: null, lang: 'en', currency: 'KWD' } as const;
    window.localStorage.setItem(`${SNAPSHOT_PREFIX}cart`, JSON.stringify({ args, items }));
    window.localStorage.setItem(
      `${SNAPSHOT_PREFIX}favorites`,
      JSON.stringify({ args: { userId: 1, lang: 'en', currency: 'KWD' }, favorites: [] }),
    );
    const snapshots = [cartSnapshot, favoritesSnapshot] as CacheSnapshot<unknown>[];
    // A shown snapshot is asked of the server at once, as the app does.
    server.use(http.get(apiUrl('guest/cart'), () => HttpResponse.json({ cart_items: items })));

    const guest = makeStore({ cart: { guestToken: 'guest-token' } });
    snapshotCache(guest, snapshots)();
    expect(selectCartData(guest.getState())).toEqual(items);
    expect(selectFirstRenderInputs(guest.getState())).not.toBe(fresh);

    // A snapshot without its cart or session (the guest token gone, the session ended) is not shown: the server's
    // new-visitor page is right.
    window.localStorage.setItem(`${SNAPSHOT_PREFIX}cart`, JSON.stringify({ args, items }));
    const orphan = makeStore({ settings: { language: 'en', currency: 'KWD' } });
    snapshotCache(orphan, snapshots)();
    expect(selectCartData(orphan.getState())).toBeUndefined();
    expect(Object.keys(orphan.getState().api.queries)).toEqual([]);
    expect(selectFirstRenderInputs(orphan.getState())).toBe(fresh);
    window.localStorage.clear();
  });
});

describe('the cookie that tells the server', () => {
  test('is set while the stored state is the shopper’s own and cleared when it is a new visitor’s again', () => {
    const store = makeStore();
    const stop = watchPersonalState(store);
    expect(readCookie(PERSONAL_COOKIE)).toBe('0');
    store.dispatch(signedIn({ token: 't', userId: 1, email: 'a@b.test' }));
    expect(readCookie(PERSONAL_COOKIE)).toBe('1');
    store.dispatch(signedOut());
    expect(readCookie(PERSONAL_COOKIE)).toBe('0');
    // The language alone is no personal state: the server renders either.
    store.dispatch(languageChanged('ar'));
    expect(readCookie(PERSONAL_COOKIE)).toBe('0');
    stop();
  });
});

describe('the server page block', () => {
  const block = (text: string) => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = SERVER_PAGE_ID;
    script.textContent = text;
    document.body.append(script);
  };

  test('is read when it has the signature and the answers', () => {
    block(JSON.stringify({ personal: '{}', answers: { queries: {} } }));
    expect(readServerPage()).toEqual({ personal: '{}', answers: { queries: {} } });
  });

  test('is no page when it is missing, broken or of another shape', () => {
    expect(readServerPage()).toBeNull();
    block('{not json');
    expect(readServerPage()).toBeNull();
    document.body.innerHTML = '';
    block(JSON.stringify({ personal: 1, answers: 'all' }));
    expect(readServerPage()).toBeNull();
  });
});
