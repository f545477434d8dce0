import { http, HttpResponse } from 'msw';

import { api } from '../../app/api';
import { loginRequired, sessionExpired, signedIn, signedOut } from '../../app/events';
import { makeStore } from '../../app/store';
import { apiUrl, server } from '../../testing/server';
import { authApi } from './authApi';
import { sessionApi } from './sessionApi';
import {
  authFlowAdvanced,
  authModalClosed,
  authModalOpened,
  authModalViewChanged,
  selectAuthModal,
  selectIsAuthenticated,
  selectToken,
  selectUserEmail,
  selectUserId,
} from './authSlice';

const signedInState = {
  auth: { token: 'tkn', userId: 4, email: 'a@shop.com', modal: { open: false, view: 'login' as const } },
};

describe('auth slice', () => {
  it('signedIn stores token, id and e-mail, authenticates and closes the modal', () => {
    const store = makeStore();
    store.dispatch(authModalOpened('signup'));
    store.dispatch(signedIn({ token: 't1', userId: 9, email: 'x@shop.com' }));
    const state = store.getState();
    expect(selectIsAuthenticated(state)).toBe(true);
    expect(selectToken(state)).toBe('t1');
    expect(selectUserId(state)).toBe(9);
    expect(selectUserEmail(state)).toBe('x@shop.com');
    expect(selectAuthModal(state).open).toBe(false);
  });

  it.each([
    ['signedOut', signedOut()],
    ['sessionExpired', sessionExpired()],
  ])('%s removes the session', (_name, action) => {
    const store = makeStore(signedInState);
    store.dispatch(action);
    expect(selectIsAuthenticated(store.getState())).toBe(false);
    expect(store.getState().auth).toMatchObject({ token: null, userId: null, email: null });
  });

  it('opens on a view, moves between views and closes back to login', () => {
    const store = makeStore();
    store.dispatch(authModalOpened('signup'));
    expect(selectAuthModal(store.getState())).toMatchObject({ open: true, view: 'signup' });
    store.dispatch(authModalViewChanged('forgot'));
    expect(selectAuthModal(store.getState()).view).toBe('forgot');
    store.dispatch(authFlowAdvanced({ view: 'reset', email: 'r@shop.com' }));
    expect(selectAuthModal(store.getState())).toMatchObject({
      open: true,
      view: 'reset',
      email: 'r@shop.com',
    });
    store.dispatch(authFlowAdvanced({ view: 'verify', email: 'v@shop.com', userId: 12 }));
    expect(selectAuthModal(store.getState())).toMatchObject({ view: 'verify', userId: 12 });
    store.dispatch(authModalClosed());
    expect(selectAuthModal(store.getState())).toMatchObject({ open: false, view: 'login', email: null });
  });

  it('loginRequired opens the login tab for a guest, and nothing for a signed-in customer', () => {
    const guest = makeStore();
    guest.dispatch(loginRequired());
    expect(selectAuthModal(guest.getState())).toMatchObject({ open: true, view: 'login' });
    const customer = makeStore(signedInState);
    customer.dispatch(loginRequired());
    expect(selectAuthModal(customer.getState()).open).toBe(false);
  });

  it('opening without a view opens the login tab', () => {
    const store = makeStore();
    store.dispatch(authModalOpened());
    expect(selectAuthModal(store.getState())).toMatchObject({ open: true, view: 'login' });
  });
});

describe('auth listeners', () => {
  it('a 401 from any endpoint while signed in clears the session', async () => {
    server.use(
      http.get(apiUrl('nationalities'), () =>
        HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 }),
      ),
    );
    const store = makeStore(signedInState);
    await store.dispatch(authApi.endpoints.nationalities.initiate({ lang: 'en' }));
    expect(store.getState().auth.token).toBeNull();
  });

  it('other errors keep the session', async () => {
    server.use(
      http.get(apiUrl('nationalities'), () => HttpResponse.json({ message: 'Nope' }, { status: 500 })),
    );
    const store = makeStore(signedInState);
    await store.dispatch(authApi.endpoints.nationalities.initiate({ lang: 'en' }));
    expect(store.getState().auth.token).toBe('tkn');
  });

  it('a 401 on logout is left to the logout flow (no expiry on the way)', async () => {
    server.use(
      http.post(apiUrl('logout'), () => HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 })),
    );
    const store = makeStore(signedInState);
    const result = await store.dispatch(sessionApi.endpoints.logout.initiate());
    expect(result.error).toMatchObject({ status: 401 });
    // The listener would have cleared it; useLogout signs out itself, without the 'session ended' warning.
    expect(store.getState().auth.token).toBe('tkn');
  });

  it('nationalities come from data.data, in the asked language', async () => {
    server.use(
      http.get(apiUrl('nationalities'), ({ request }) =>
        HttpResponse.json({
          data: [
            {
              id: 1,
              code: 'sy',
              name: new URL(request.url).searchParams.get('lang') === 'ar' ? 'سوري' : 'Syrian',
            },
          ],
        }),
      ),
    );
    const store = makeStore();
    const en = await store.dispatch(authApi.endpoints.nationalities.initiate({ lang: 'en' }));
    const ar = await store.dispatch(authApi.endpoints.nationalities.initiate({ lang: 'ar' }));
    expect(en.data).toEqual([{ id: 1, code: 'sy', name: 'Syrian' }]);
    expect(ar.data?.[0]?.name).toBe('سوري');
    store.dispatch(api.util.resetApiState());
  });
});
