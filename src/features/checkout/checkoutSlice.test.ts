import { restoredStores } from '../../testing/restoredStore';
import { contactEdited, newAddressEdited, newAddressOpened, selectCheckoutState } from './checkoutSlice';

/** A store that has read back what storage holds, as the app's start does before its first render. */
const restoredStore = restoredStores();

/** The tab reloaded: a fresh store reads back what the last one persisted. */
const stateAfterReload = async () => selectCheckoutState((await restoredStore()).store.getState());

/** redux-persist's stored form: each field JSON-encoded inside the outer JSON. */
const persisted = (fields: Record<string, unknown>) =>
  JSON.stringify({
    ...Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, JSON.stringify(value)])),
    _persist: JSON.stringify({ version: -1, rehydrated: true }),
  });

describe("the tab's copy of the checkout form", () => {
  it('comes back as typed after a reload, through redux-persist in sessionStorage', async () => {
    const { store, persistor } = await restoredStore();
    store.dispatch(contactEdited({ field: 'email', value: 'a@b.co' }));
    store.dispatch(contactEdited({ field: 'phone', value: '55512345' }));
    store.dispatch(newAddressOpened());
    store.dispatch(newAddressEdited({ field: 'city', value: 'Salmiya' }));
    await persistor.flush();
    expect(window.sessionStorage.getItem('persist:checkout')).toContain('a@b.co');
    expect(window.localStorage.getItem('persist:checkout')).toBeNull();

    const state = await stateAfterReload();
    expect(state.draft).toMatchObject({ email: 'a@b.co', phone: '55512345', addingAddress: true });
    expect(state.draft.newAddress).toMatchObject({ city: 'Salmiya', name: '', phoneCode: '+965' });
  });

  it.each([
    ['garbage', '{"draft": '],
    ['another shape', persisted({ draft: 'old', intent: 5 })],
    [
      'fields of other types',
      persisted({ draft: { email: 42, newAddress: 'x', addingAddress: 'yes' }, intent: { key: 1 } }),
    ],
  ])('%s under its key: the form starts empty, and nothing crashes', async (_name, stored) => {
    window.sessionStorage.setItem('persist:checkout', stored);
    const state = await stateAfterReload();
    expect(state.draft.email).toBe('');
    expect(state.draft.addingAddress).toBe(false);
    expect(state.draft.newAddress.name).toBe('');
    expect(state.intent).toBeNull();
  });

  it('keeps the good fields of a partly damaged copy', async () => {
    window.sessionStorage.setItem(
      'persist:checkout',
      persisted({ draft: { email: 'keep@x.co', phone: 5, newAddress: { name: 'Mona', city: 7 } } }),
    );
    const { draft } = await stateAfterReload();
    expect(draft).toMatchObject({ email: 'keep@x.co', phone: '' });
    expect(draft.newAddress).toMatchObject({ name: 'Mona', city: '' });
  });
});
