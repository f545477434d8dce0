import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { persistReducer } from 'redux-persist';

import { guestTokenRejected, signedOut } from '../../app/events';
import { localPersistStorage } from '../../lib/storage';

export interface CartState {
  guestToken: string | null;
}

const initialState: CartState = { guestToken: null };

const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    guestTokenIssued(state, action: PayloadAction<string>) {
      state.guestToken = action.payload;
    },
  },
  extraReducers: (builder) => {
    // Spec 01 §4: logout removes the cart and the guest token; a guest-cart 401 clears the bad token.
    builder.addCase(signedOut, () => initialState).addCase(guestTokenRejected, () => initialState);
  },
  selectors: {
    selectGuestToken: (state) => state.guestToken,
  },
});

export const { guestTokenIssued } = cartSlice.actions;
export const { selectGuestToken } = cartSlice.selectors;

export const cartReducer = persistReducer({ key: 'cart', storage: localPersistStorage }, cartSlice.reducer);
