import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';

import { signedOut } from '../../app/events';
import { rootReducer } from '../../app/store';
import type { OrdersTab, OrdersView } from './orderStatus';

export interface RatingTarget {
  orderId: number;
  productId: number;
  productName: string;
}

export interface OrdersState {
  tab: Record<OrdersView, OrdersTab>;
  rating: RatingTarget | null;
}

const initialState: OrdersState = { tab: { orders: 'all', profile: 'all' }, rating: null };

export const ordersSlice = createSlice({
  name: 'orders',
  initialState,
  reducers: {
    tabChosen(state, action: PayloadAction<{ view: OrdersView; tab: OrdersTab }>) {
      state.tab[action.payload.view] = action.payload.tab;
    },
    rateItemRequested(state, action: PayloadAction<RatingTarget>) {
      state.rating = action.payload;
    },
    ratingDialogClosed(state) {
      state.rating = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(signedOut, () => initialState);
  },
  selectors: {
    selectOrdersTab: (state, view: OrdersView) => state.tab[view],
    selectRatingTarget: (state) => state.rating,
  },
});

declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds this slice
  export interface LazyLoadedSlices extends WithSlice<typeof ordersSlice> {}
}

// Loaded with the orders pages only: the slice joins the store when its code arrives.
const injected = ordersSlice.injectInto(rootReducer);

export const { tabChosen, rateItemRequested, ratingDialogClosed } = ordersSlice.actions;
export const { selectOrdersTab, selectRatingTarget } = injected.selectors;
