import { createSlice, type WithSlice } from '@reduxjs/toolkit';

import { addToCartClicked, addToCartSettled } from '../../app/events';
import { rootReducer } from '../../app/store';

/** The products whose add to the cart is in flight, one entry per add: their cart buttons show busy. */
export interface CartButtonsState {
  adding: number[];
}

const initialState: CartButtonsState = { adding: [] };

export const cartButtonsSlice = createSlice({
  name: 'cartButtons',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(addToCartClicked, (state, action) => {
        state.adding.push(action.payload.product_id);
      })
      .addCase(addToCartSettled, (state, action) => {
        const index = state.adding.indexOf(action.payload.request.product_id);
        if (index >= 0) state.adding.splice(index, 1);
      });
  },
  selectors: {
    selectIsAddingToCart: (state, productId: number) => state.adding.includes(productId),
  },
});

declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds this slice
  export interface LazyLoadedSlices extends WithSlice<typeof cartButtonsSlice> {}
}

// Loaded with the product cards and the product page (never with the first JavaScript): the slice joins the store
// when their code arrives, before any of their buttons can be pressed.
const injected = cartButtonsSlice.injectInto(rootReducer);

export const { selectIsAddingToCart } = injected.selectors;
