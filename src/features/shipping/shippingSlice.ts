import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { persistReducer } from 'redux-persist';

import { localPersistStorage } from '../../lib/storage';

export interface PlaceNames {
  name_ar: string;
  name_en: string;
}

/**
 * The shopper's delivery choice, shared by the cart and checkout. The names are kept beside the ids because the
 * order is created with them; the price is the chosen area's, in `currency`.
 */
export interface ShippingState {
  governorateId: number | null;
  governorate: PlaceNames | null;
  areaId: number | null;
  area: PlaceNames | null;
  shippingPrice: number;
  currency: string | null;
  address: string;
}

const initialState: ShippingState = {
  governorateId: null,
  governorate: null,
  areaId: null,
  area: null,
  shippingPrice: 0,
  currency: null,
  address: '',
};

const shippingSlice = createSlice({
  name: 'shipping',
  initialState,
  reducers: {
    /** A governorate clears the area and makes shipping 0 until an area is chosen. */
    governorateChosen(state, action: PayloadAction<{ id: number } & PlaceNames>) {
      const { id, name_ar, name_en } = action.payload;
      state.governorateId = id;
      state.governorate = { name_ar, name_en };
      state.areaId = null;
      state.area = null;
      state.shippingPrice = 0;
      state.currency = null;
    },
    areaChosen(
      state,
      action: PayloadAction<{ id: number; shipping_price: number; currency: string } & PlaceNames>,
    ) {
      const { id, name_ar, name_en, shipping_price, currency } = action.payload;
      state.areaId = id;
      state.area = { name_ar, name_en };
      state.shippingPrice = Math.max(0, shipping_price);
      state.currency = currency;
    },
    /** The chosen area's price, read again in the shopper's new currency. */
    areaPriceRefreshed(
      state,
      action: PayloadAction<{ areaId: number; shipping_price: number; currency: string }>,
    ) {
      if (state.areaId !== action.payload.areaId) return;
      state.shippingPrice = Math.max(0, action.payload.shipping_price);
      state.currency = action.payload.currency;
    },
    addressTyped(state, action: PayloadAction<string>) {
      state.address = action.payload;
    },
    /** Another tab of this browser changed the stored choice (storage event). */
    shippingChangedInAnotherTab(_state, action: PayloadAction<ShippingState>) {
      return { ...initialState, ...action.payload };
    },
  },
  selectors: {
    selectShippingState: (state): ShippingState => state,
  },
});

export const {
  governorateChosen,
  areaChosen,
  areaPriceRefreshed,
  addressTyped,
  shippingChangedInAnotherTab,
} = shippingSlice.actions;
const { selectShippingState } = shippingSlice.selectors;

/** The delivery choice without redux-persist's bookkeeping (the same object while nothing changes). */
export const selectShippingChoice = createSelector(
  [selectShippingState],
  ({ governorateId, governorate, areaId, area, shippingPrice, currency, address }): ShippingState => ({
    governorateId,
    governorate,
    areaId,
    area,
    shippingPrice,
    currency,
    address,
  }),
);
export const shippingSliceReducer = shippingSlice.reducer;

export const SHIPPING_PERSIST_KEY = 'shipping';
export const shippingReducer = persistReducer(
  { key: SHIPPING_PERSIST_KEY, storage: localPersistStorage },
  shippingSlice.reducer,
);
