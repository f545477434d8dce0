import { createListenerMiddleware, type UnknownAction } from '@reduxjs/toolkit';
import configureMockStore from 'redux-mock-store';

import { sessionExpired } from '../../app/events';
import type { AppStartListening } from '../../app/listenerTypes';
import { fakeServices } from '../../testing/fakeServices';
import { addAuthListeners } from './authListeners';
import type { AuthState } from './authSlice';

/** What RTK Query dispatches when a call of `endpointName` is answered with `status`. */
const rejected = (status: number, endpointName = 'getProfile'): UnknownAction => ({
  type: 'api/executeQuery/rejected',
  payload: { status, data: { message: 'Unauthenticated.' } },
  meta: { requestId: 'r1', requestStatus: 'rejected', rejectedWithValue: true, arg: { endpointName } },
  error: { message: 'Rejected' },
});

// A mock store records exactly which actions pass, so the test reads what the listener dispatched and nothing
// else of the app (no reducers, no network) takes part.
function storeWith(token: string | null) {
  const { services, toasts } = fakeServices();
  const listeners = createListenerMiddleware({ extra: services });
  addAuthListeners(listeners.startListening as AppStartListening);
  // The mock store's types bring their own copy of Redux 4's Middleware type; the middleware itself fits.
  const middlewares = [listeners.middleware] as Parameters<typeof configureMockStore>[0];
  const store = configureMockStore<{ auth: AuthState }>(middlewares)({
    auth: { token, userId: token ? 1 : null, email: null, modal: { open: false, view: 'login' } },
  });
  return { store, toasts };
}

describe('auth listener: a 401 ends the session', () => {
  it('with a token, a 401 dispatches sessionExpired once and warns once', () => {
    const { store, toasts } = storeWith('tkn');
    store.dispatch(rejected(401));
    expect(store.getActions().map((action: UnknownAction) => action.type)).toEqual([
      'api/executeQuery/rejected',
      sessionExpired.type,
    ]);
    expect(toasts).toEqual([
      {
        kind: 'warning',
        message: 'Your session has ended. Please log in again.',
        toastId: 'session-expired',
      },
    ]);
  });

  it.each([
    ['without a token', null, 401, 'getProfile'],
    ['for another status', 'tkn', 500, 'getProfile'],
    ['for the logout call', 'tkn', 401, 'logout'],
  ])('stays quiet %s', (_case, token, status, endpoint) => {
    const { store, toasts } = storeWith(token);
    store.dispatch(rejected(status, endpoint));
    expect(store.getActions()).toHaveLength(1);
    expect(toasts).toEqual([]);
  });
});
