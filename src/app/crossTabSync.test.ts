// Tabs share the cart's guest token through localStorage (the storage event): what one tab's sign-out leaves there
// must not take another tab's guest cart away.
import { signedIn } from './events';
import { syncAcrossTabs } from './crossTabSync';
import { makeStore } from './store';

/** Another tab writes the cart's persisted key, as redux-persist does (each field JSON-encoded). */
function anotherTabWrites(guestToken: string | null, revision: number) {
  const newValue = JSON.stringify({
    guestToken: JSON.stringify(guestToken),
    revision: JSON.stringify(revision),
    _persist: JSON.stringify({ version: 2, rehydrated: true }),
  });
  window.dispatchEvent(
    new StorageEvent('storage', { key: 'persist:cart', newValue, storageArea: window.localStorage }),
  );
}

test('a guest tab keeps its cart when a signed-in tab signs out (and its null guest token reaches it)', () => {
  const store = makeStore({ cart: { guestToken: 'guest-a', revision: 1 } });
  const stop = syncAcrossTabs(store);
  try {
    anotherTabWrites(null, 2);
    expect(store.getState().cart.guestToken).toBe('guest-a');
    expect(store.getState().cart.revision).toBe(2);
    // A new guest cart started in another tab is followed as before.
    anotherTabWrites('guest-b', 3);
    expect(store.getState().cart.guestToken).toBe('guest-b');
  } finally {
    stop();
  }
});

test('a signed-in tab follows the other tabs as before', () => {
  const store = makeStore({ cart: { guestToken: 'guest-a', revision: 1 } });
  store.dispatch(signedIn({ token: 't', userId: 3, email: 'x@y.z' }));
  const stop = syncAcrossTabs(store);
  try {
    anotherTabWrites(null, 2);
    expect(store.getState().cart.guestToken).toBeNull();
  } finally {
    stop();
  }
});
