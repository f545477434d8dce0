import { makeStore } from '../../app/store';
import { checkoutSlice, saveCheckout, selectCheckoutState } from './checkoutSlice';

// The slice reads the tab's copy when a store first reaches it.
const stateOfNewTab = () => selectCheckoutState(makeStore().getState());

describe("the tab's copy of the checkout form", () => {
  it('comes back as typed', () => {
    const typed = checkoutSlice.reducer(
      undefined,
      checkoutSlice.actions.contactEdited({ field: 'email', value: 'a@b.co' }),
    );
    saveCheckout(typed);
    expect(stateOfNewTab().draft.email).toBe('a@b.co');
  });

  it.each([
    ['garbage', '{"draft": '],
    ['another shape', JSON.stringify({ draft: 'old', intent: 5 })],
    [
      'fields of other types',
      JSON.stringify({ draft: { email: 42, newAddress: 'x', addingAddress: 'yes' }, intent: { key: 1 } }),
    ],
  ])('%s under its key: the form starts empty, and nothing crashes', (_name, stored) => {
    window.sessionStorage.setItem('checkout', stored);
    const state = stateOfNewTab();
    expect(state.draft.email).toBe('');
    expect(state.draft.addingAddress).toBe(false);
    expect(state.draft.newAddress.name).toBe('');
    expect(state.intent).toBeNull();
  });

  it('keeps the good fields of a partly damaged copy', () => {
    window.sessionStorage.setItem('checkout', JSON.stringify({ draft: { email: 'keep@x.co', phone: 5 } }));
    expect(stateOfNewTab().draft).toMatchObject({ email: 'keep@x.co', phone: '' });
  });
});
