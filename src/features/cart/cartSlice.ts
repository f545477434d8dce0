import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { persistReducer } from 'redux-persist';

import {
  addToCartClicked,
  addToCartSettled,
  guestTokenIssued,
  guestTokenRejected,
  signedOut,
  type CartAddRequest,
} from '../../app/events';
import { isFiniteNumber, isString, keepValidFields, nullable } from '../../lib/persistGuard';
import { localPersistStorage } from '../../lib/storage';

export type AddStatus = 'idle' | 'adding';
export { addToCartSettled, type CartAddOutcome } from '../../app/events';

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

const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    /** The server accepted a change of this browser's cart (the first guest add also brings the guest token). */
    cartChanged(state, action: PayloadAction<{ guestToken?: string } | undefined>) {
      state.revision += 1;
      if (action.payload?.guestToken) state.guestToken = action.payload.guestToken;
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
      .addCase(addToCartSettled, (state, action) => {
        state.addStatus = 'idle';
        state.pendingAdd = action.payload.outcome === 'login_required' ? action.payload.request : null;
      })
      // Logout removes the cart and the guest token; a guest-cart 401 clears the bad token.
      .addCase(signedOut, (state) => ({ ...initialState, revision: state.revision + 1 }))
      .addCase(guestTokenRejected, (state) => {
        state.guestToken = null;
        state.revision += 1;
      })
      .addCase(guestTokenIssued, (state, action) => {
        state.guestToken = action.payload;
      });
  },
  selectors: {
    selectGuestToken: (state) => state.guestToken,
    selectCartRevision: (state) => state.revision,
    selectPendingAdd: (state) => state.pendingAdd,
    selectAddStatus: (state) => state.addStatus,
  },
});

export const { cartChanged, guestCartMerged, cartChangedInAnotherTab } = cartSlice.actions;
export const { selectGuestToken, selectCartRevision, selectPendingAdd, selectAddStatus } =
  cartSlice.selectors;
export const cartSliceReducer = cartSlice.reducer;

export const CART_PERSIST_KEY = 'cart';
export const cartReducer = persistReducer(
  {
    key: CART_PERSIST_KEY,
    storage: localPersistStorage,
    whitelist: ['guestToken', 'revision'],
    migrate: keepValidFields<CartState>({ guestToken: nullable(isString), revision: isFiniteNumber }),
  },
  cartSlice.reducer,
);
