import { createSlice, isFulfilled, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';
import { persistReducer } from 'redux-persist';

import {
  addToCartClicked,
  guestTokenIssued,
  guestTokenRejected,
  signedOut,
  type CartAddRequest,
} from '../../app/events';
import { localPersistStorage } from '../../lib/storage';
import type { AddToCartAnswer } from './types';

export type AddStatus = 'idle' | 'adding';
/** login_required: a signed-in add was refused with 401; the request is kept and retried after sign-in. */
export type CartAddOutcome = 'added' | 'failed' | 'login_required';

export interface CartState {
  guestToken: string | null;
  /**
   * Counts this browser's changes to the cart. It is persisted, so another tab sees it change through the storage
   * event and reloads its cart: the navbar count stays in step without polling.
   */
  revision: number;
  /** An add that needs a fresh sign-in; retried when the shopper signs in. */
  pendingAdd: CartAddRequest | null;
  addStatus: AddStatus;
}

const initialState: CartState = { guestToken: null, revision: 0, pendingAdd: null, addStatus: 'idle' };

// The mutations load lazily (cartMutations.ts), so their actions are recognised by endpoint name.
const CART_CHANGES = new Set([
  'addToCart',
  'addToGuestCart',
  'updateCartQuantity',
  'removeCartLine',
  'changeCartLineChoice',
  'mergeGuestCart',
]);

const endpointOf = (action: UnknownAction) =>
  (action.meta as { arg?: { endpointName?: string } } | undefined)?.arg?.endpointName;

const cartChanged = (action: UnknownAction): action is UnknownAction =>
  isFulfilled(action) && CART_CHANGES.has(endpointOf(action) ?? '');

const guestCartAdded = (action: UnknownAction): action is UnknownAction & { payload: AddToCartAnswer } =>
  isFulfilled(action) && endpointOf(action) === 'addToGuestCart';

const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    addToCartSettled(
      state,
      action: PayloadAction<{ request: CartAddRequest; outcome: CartAddOutcome; message?: string }>,
    ) {
      state.addStatus = 'idle';
      state.pendingAdd = action.payload.outcome === 'login_required' ? action.payload.request : null;
    },
    /** The guest lines moved into the user cart on sign-in; the guest cart is gone. */
    guestCartMerged(state) {
      state.guestToken = null;
    },
    /** Another tab of this browser changed the stored cart (storage event). */
    cartChangedInAnotherTab(state, action: PayloadAction<{ guestToken: string | null; revision: number }>) {
      state.guestToken = action.payload.guestToken;
      state.revision = action.payload.revision;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(addToCartClicked, (state) => {
        state.addStatus = 'adding';
        state.pendingAdd = null;
      })
      // Logout removes the cart and the guest token; a guest-cart 401 clears the bad token.
      .addCase(signedOut, (state) => ({ ...initialState, revision: state.revision + 1 }))
      .addCase(guestTokenRejected, (state) => {
        state.guestToken = null;
        state.revision += 1;
      })
      .addCase(guestTokenIssued, (state, action) => {
        state.guestToken = action.payload;
      })
      .addMatcher(guestCartAdded, (state, action) => {
        if (action.payload.guest_token) state.guestToken = action.payload.guest_token;
      })
      .addMatcher(cartChanged, (state) => {
        state.revision += 1;
      });
  },
  selectors: {
    selectGuestToken: (state) => state.guestToken,
    selectCartRevision: (state) => state.revision,
    selectPendingAdd: (state) => state.pendingAdd,
    selectAddStatus: (state) => state.addStatus,
  },
});

export const { addToCartSettled, guestCartMerged, cartChangedInAnotherTab } = cartSlice.actions;
export const { selectGuestToken, selectCartRevision, selectPendingAdd, selectAddStatus } =
  cartSlice.selectors;
export const cartSliceReducer = cartSlice.reducer;

export const CART_PERSIST_KEY = 'cart';
export const cartReducer = persistReducer(
  { key: CART_PERSIST_KEY, storage: localPersistStorage, whitelist: ['guestToken', 'revision'] },
  cartSlice.reducer,
);
