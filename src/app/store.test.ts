import { addListener } from '@reduxjs/toolkit';
import AES from 'crypto-js/aes';
import { http, HttpResponse } from 'msw';
import { persistStore, type Persistor } from 'redux-persist';

import { selectIsAuthenticated } from '../features/auth/authSlice';
import { decryptToken, encryptToken } from '../features/auth/tokenCipher';
import { cartApi } from '../features/cart/cartApi';
import { cartChangedInAnotherTab } from '../features/cart/cartSlice';
import { DEFAULT_FILTERS } from '../features/catalog/catalogSlice';
import { RELOAD_DELAY_MS } from '../features/settings/settingsListeners';
import { apiUrl, server } from '../testing/server';
import { api } from './api';
import {
  currencyChanged,
  guestTokenRejected,
  languageChanged,
  searchSubmitted,
  signedIn,
  signedOut,
} from './events';
import { makeStore } from './store';

const signedInState = {
  auth: { token: 'secret-token', userId: 7, email: 'a@b.co', modal: { open: false, view: 'login' as const } },
};

function recordActions(store: ReturnType<typeof makeStore>) {
  const seen: string[] = [];
  store.dispatch(addListener({ predicate: () => true, effect: (action) => void seen.push(action.type) }));
  return seen;
}

describe('makeStore', () => {
  it('starts in English with KWD and no session', () => {
    const state = makeStore().getState();
    expect(state.settings).toMatchObject({ language: 'en', currency: 'KWD' });
    expect(state.auth.token).toBeNull();
    expect(state.cart.guestToken).toBeNull();
    expect(state.catalog.filters).toEqual(DEFAULT_FILTERS);
  });

  it('gives every caller its own store', () => {
    const a = makeStore();
    const b = makeStore();
    a.dispatch(languageChanged('ar'));
    expect(a.getState().settings.language).toBe('ar');
    expect(b.getState().settings.language).toBe('en');
  });

  it('accepts a preloaded state', () => {
    const store = makeStore(signedInState);
    expect(selectIsAuthenticated(store.getState())).toBe(true);
  });

  it('freezes what reducers store in development and tests, and skips that walk in a production build', async () => {
    async function searchStateIn(environment: string) {
      const former = process.env.NODE_ENV;
      process.env.NODE_ENV = environment;
      try {
        let state: ReturnType<ReturnType<typeof makeStore>['getState']> | undefined;
        await jest.isolateModulesAsync(async () => {
          const [{ makeStore: makeFreshStore }, { searchSubmitted: submitted }] = await Promise.all([
            import('./store'),
            import('./events'),
          ]);
          const store = makeFreshStore();
          store.dispatch(submitted('oud'));
          state = store.getState();
        });
        return state?.search;
      } finally {
        process.env.NODE_ENV = former;
      }
    }
    expect(Object.isFrozen(await searchStateIn('test'))).toBe(true);
    expect(Object.isFrozen(await searchStateIn('production'))).toBe(false);
  });

  it('normalises a chosen currency code', () => {
    const store = makeStore();
    store.dispatch(currencyChanged(' sar '));
    expect(store.getState().settings.currency).toBe('SAR');
  });
});

describe('language and currency change (docs/spec/01-shell-and-account.md §4, docs/spec/02-shopping.md §4)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it.each([
    ['language', languageChanged('ar')],
    ['currency', currencyChanged('SAR')],
  ])('a %s change resets filters and search text at once, and reloads after 100 ms', async (_name, event) => {
    const store = makeStore({
      catalog: { filters: { ...DEFAULT_FILTERS, category: 'Phones', minRating: 4 } },
      search: { text: 'abaya' },
    });
    const seen = recordActions(store);
    store.dispatch(event);
    // The page is the search page's address, which the page resets (features/catalog/pages/SearchPage.test.tsx).
    expect(store.getState().catalog).toMatchObject({ filters: DEFAULT_FILTERS });
    expect(store.getState().search.text).toBe('');

    await jest.advanceTimersByTimeAsync(RELOAD_DELAY_MS - 1);
    expect(seen).not.toContain(api.util.invalidateTags([]).type);
    await jest.advanceTimersByTimeAsync(1);
    expect(seen.filter((type) => type === api.util.invalidateTags([]).type)).toHaveLength(1);
  });

  it('a second switch within 100 ms reloads once', async () => {
    const store = makeStore();
    const seen = recordActions(store);
    store.dispatch(languageChanged('ar'));
    await jest.advanceTimersByTimeAsync(50);
    store.dispatch(languageChanged('en'));
    await jest.advanceTimersByTimeAsync(RELOAD_DELAY_MS);
    expect(seen.filter((type) => type === api.util.invalidateTags([]).type)).toHaveLength(1);
  });
});

const userCart = { guestToken: null, userId: 7, lang: 'en', currency: 'KWD' } as const;

describe('401 handling (docs/spec/01-shell-and-account.md §4)', () => {
  it('any 401 while signed in clears the auth token', async () => {
    server.use(
      http.get(apiUrl('cart'), () => HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 })),
    );
    const store = makeStore(signedInState);
    await store.dispatch(cartApi.endpoints.getCart.initiate(userCart));
    expect(store.getState().auth.token).toBeNull();
    expect(store.getState().auth.userId).toBeNull();
  });

  it('other errors keep the session', async () => {
    server.use(http.get(apiUrl('cart'), () => HttpResponse.json({ message: 'down' }, { status: 500 })));
    const store = makeStore(signedInState);
    await store.dispatch(cartApi.endpoints.getCart.initiate(userCart));
    expect(store.getState().auth.token).toBe('secret-token');
  });

  it('sends the bearer token, JSON accept and no-cache on every call', async () => {
    let headers: Headers | undefined;
    server.use(
      http.get(apiUrl('cart'), ({ request }) => {
        headers = request.headers;
        return HttpResponse.json({ cart_items: [] });
      }),
    );
    await makeStore(signedInState).dispatch(cartApi.endpoints.getCart.initiate(userCart));
    expect(headers?.get('authorization')).toBe('Bearer secret-token');
    expect(headers?.get('accept')).toBe('application/json');
    expect(headers?.get('cache-control')).toBe('no-cache');
  });
});

describe('session and guest events', () => {
  it('signing in stores token, id and e-mail; signing out clears them and the guest token', () => {
    const store = makeStore();
    store.dispatch(signedIn({ token: 't', userId: 3, email: 'x@y.z' }));
    store.dispatch(cartChangedInAnotherTab({ guestToken: 'guest-1', revision: 1 }));
    expect(store.getState().auth).toMatchObject({ token: 't', userId: 3, email: 'x@y.z' });
    store.dispatch(signedOut());
    expect(store.getState().auth.token).toBeNull();
    expect(store.getState().cart.guestToken).toBeNull();
  });

  it('a rejected guest token is forgotten', () => {
    const store = makeStore({ cart: { guestToken: 'guest-1' } });
    store.dispatch(guestTokenRejected());
    expect(store.getState().cart.guestToken).toBeNull();
  });

  it('a submitted search keeps the trimmed text (its page 1 is the address: SearchPage.test.tsx)', () => {
    const store = makeStore({ catalog: { filters: DEFAULT_FILTERS } });
    store.dispatch(searchSubmitted('  red dress '));
    expect(store.getState().search.text).toBe('red dress');
  });
});

/**
 * A persisted store writes what it read back a few ticks later: written and stopped after its test, so it does not
 * land in the next test's storage while that test's store reads it back.
 */
let persistorsOfThisTest: Persistor[] = [];
function settleAfterTest(...persistors: Persistor[]) {
  persistorsOfThisTest.push(...persistors);
}
/** Run by each describe's afterEach: a describe's hooks run before the global one that clears storage. */
async function settlePersistors() {
  for (const persistor of persistorsOfThisTest) {
    await persistor.flush();
    persistor.pause();
  }
  persistorsOfThisTest = [];
}

describe('persistence (docs/spec/01-shell-and-account.md §3)', () => {
  afterEach(settlePersistors);

  it('round-trips the token through AES and rejects garbage', () => {
    const cipher = encryptToken('abc123');
    expect(cipher).not.toContain('abc123');
    expect(decryptToken(cipher)).toBe('abc123');
    expect(decryptToken('not-a-cipher')).toBeNull();
  });

  it('keeps the token encrypted in sessionStorage, currency and guest token in localStorage', async () => {
    const store = makeStore();
    const persistor = persistStore(store);
    await new Promise<void>((resolve) => {
      const done = () => persistor.getState().bootstrapped && resolve();
      persistor.subscribe(done);
      done();
    });
    store.dispatch(signedIn({ token: 'plain-token-value', userId: 9, email: 'p@q.r' }));
    store.dispatch(currencyChanged('AED'));
    store.dispatch(cartChangedInAnotherTab({ guestToken: 'g-42', revision: 1 }));
    store.dispatch(searchSubmitted('oud'));
    await persistor.flush();

    const auth = window.sessionStorage.getItem('persist:auth') ?? '';
    expect(auth).not.toContain('plain-token-value');
    expect(auth).toContain('p@q.r');
    expect(window.sessionStorage.getItem('persist:search')).toContain('oud');
    expect(window.localStorage.getItem('persist:settings')).toContain('AED');
    expect(window.localStorage.getItem('persist:settings')).not.toContain('language');
    expect(window.localStorage.getItem('persist:cart')).toContain('g-42');
    expect(window.localStorage.getItem('persist:catalog')).toContain('maxPrice');

    // A new tab of the same session reads it back, decrypted.
    const next = makeStore();
    const nextPersistor = persistStore(next);
    await new Promise<void>((resolve) => {
      const done = () => nextPersistor.getState().bootstrapped && resolve();
      nextPersistor.subscribe(done);
      done();
    });
    expect(next.getState().auth.token).toBe('plain-token-value');
    expect(next.getState().settings.currency).toBe('AED');
    expect(next.getState().auth.modal.open).toBe(false);
    settleAfterTest(persistor, nextPersistor);
  });
});

describe('storage it cannot trust', () => {
  afterEach(settlePersistors);

  async function rehydrated() {
    const store = makeStore();
    const persistor = persistStore(store);
    await new Promise<void>((resolve) => {
      const done = () => persistor.getState().bootstrapped && resolve();
      persistor.subscribe(done);
      done();
    });
    settleAfterTest(persistor);
    return store;
  }
  const field = (value: unknown) => JSON.stringify(value);
  const persisted = (fields: Record<string, unknown>, version = -1) =>
    JSON.stringify({
      ...Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, field(value)])),
      _persist: field({ version, rehydrated: true }),
    });

  it('garbage, another shape or another version in storage: the store starts from its defaults', async () => {
    const defaults = makeStore().getState();
    window.localStorage.setItem('persist:cart', '{"guestToken": "\\"unterminated');
    window.localStorage.setItem('persist:shipping', persisted({ choice: 'Ahmadi' }));
    window.localStorage.setItem('persist:coupon', persisted({ applied: { code: 42, percent: 'ten' } }));
    window.localStorage.setItem('persist:favorites', persisted({ saved: ['not', 'a', 'map'] }));
    window.localStorage.setItem('persist:settings', persisted({ currency: { code: 'KWD' } }));
    window.localStorage.setItem('persist:catalog', persisted({ filters: null }));
    window.sessionStorage.setItem('persist:search', persisted({ text: 'oud' }, 3));
    const state = (await rehydrated()).getState();
    const slices = ['cart', 'shipping', 'coupon', 'favorites', 'settings', 'catalog', 'search'] as const;
    for (const slice of slices) {
      const { _persist, ...rehydratedSlice } = state[slice] as { _persist?: unknown };
      expect({ slice, state: rehydratedSlice }).toEqual({ slice, state: defaults[slice] });
    }
  });

  it("an older build's saved filters, from before a price named its currency, are kept: their price is in the shown one", async () => {
    const older = { category: 'Abayas', brands: ['Nasma'], collections: [], maxPrice: 50, minRating: 4 };
    window.localStorage.setItem('persist:catalog', persisted({ filters: older }));
    expect((await rehydrated()).getState().catalog.filters).toEqual({ ...older, priceCurrency: null });
  });

  it("an older build's copies of the delivery choice and the coupon keep their ids and code, not the server's names, price or terms", async () => {
    window.localStorage.setItem(
      'persist:shipping',
      persisted({
        choice: {
          governorateId: 1,
          governorate: { name_en: 'Ahmadi', name_ar: 'الأحمدي' },
          areaId: 2,
          area: { name_en: 'Fahaheel', name_ar: 'الفحيحيل' },
          shippingPrice: 2,
          currency: 'KWD',
          address: 'Near the mosque',
        },
      }),
    );
    window.localStorage.setItem(
      'persist:coupon',
      persisted({ applied: { code: 'TWOOFF', percent: 25, terms: { currency: 'KWD', kind: 'amount' } } }),
    );
    const state = (await rehydrated()).getState();
    expect(state.shipping.choice).toEqual({ governorateId: 1, areaId: 2, address: 'Near the mosque' });
    expect(state.coupon.applied).toEqual({ code: 'TWOOFF' });
  });

  it('a session sealed with another key is no session: signed out, nothing of it kept', async () => {
    const foreign = AES.encrypt('a-token-of-another-build', 'not-our-key').toString();
    window.sessionStorage.setItem(
      'persist:auth',
      persisted({ token: foreign, userId: 7, email: 'someone@example.com' }),
    );
    const state = (await rehydrated()).getState();
    expect(state.auth).toMatchObject({ token: null, userId: null, email: null });
  });

  it('what this build stored still comes back (a good copy is kept as it is)', async () => {
    window.localStorage.setItem('persist:cart', persisted({ guestToken: 'g-1', revision: 2 }));
    window.localStorage.setItem('persist:coupon', persisted({ applied: { code: 'WELCOME10' } }));
    window.sessionStorage.setItem(
      'persist:auth',
      persisted({ token: encryptToken('good.token-1'), userId: 7, email: 'a@b.co' }),
    );
    const state = (await rehydrated()).getState();
    expect(state.cart).toMatchObject({ guestToken: 'g-1', revision: 2 });
    expect(state.coupon.applied).toEqual({ code: 'WELCOME10' });
    expect(state.auth).toMatchObject({ token: 'good.token-1', userId: 7, email: 'a@b.co' });
  });
});
