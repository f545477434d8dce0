import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { persistReducer } from 'redux-persist';

import { isFiniteNumber, isString, keepValidFields, nullable, shapeOf } from '../../lib/persistGuard';
import { localPersistStorage } from '../../lib/storage';

export interface PlaceNames {
  name_ar: string;
  name_en: string;
}

/**
 * The shopper's delivery choice, shared by the cart and checkout. The names are kept beside the ids because the
 * order is created with them; the price is the chosen area's, in `currency`.
 */
export interface ShippingChoice {
  governorateId: number | null;
  governorate: PlaceNames | null;
  areaId: number | null;
  area: PlaceNames | null;
  shippingPrice: number;
  currency: string | null;
  address: string;
}

export const NO_SHIPPING_CHOICE: ShippingChoice = {
  governorateId: null,
  governorate: null,
  areaId: null,
  area: null,
  shippingPrice: 0,
  currency: null,
  address: '',
};

/** One object, so the selector hands out the same reference while nothing changes. */
export interface ShippingState {
  choice: ShippingChoice;
}

const initialState: ShippingState = { choice: NO_SHIPPING_CHOICE };

const shippingSlice = createSlice({
  name: 'shipping',
  initialState,
  reducers: {
    /** A governorate clears the area and makes shipping 0 until an area is chosen. */
    governorateChosen(state, action: PayloadAction<{ id: number } & PlaceNames>) {
      const { id, name_ar, name_en } = action.payload;
      state.choice = {
        ...NO_SHIPPING_CHOICE,
        governorateId: id,
        governorate: { name_ar, name_en },
        address: state.choice.address,
      };
    },
    /** Also when the chosen area's price is read again in the shopper's new currency. */
    areaChosen(
      state,
      action: PayloadAction<{ id: number; shipping_price: number; currency: string } & PlaceNames>,
    ) {
      const { id, name_ar, name_en, shipping_price, currency } = action.payload;
      Object.assign(state.choice, {
        areaId: id,
        area: { name_ar, name_en },
        shippingPrice: Math.max(0, shipping_price),
        currency,
      });
    },
    addressTyped(state, action: PayloadAction<string>) {
      state.choice.address = action.payload;
    },
    /** Another tab of this browser changed the stored choice (storage event). */
    shippingChangedInAnotherTab(state, action: PayloadAction<ShippingChoice>) {
      state.choice = { ...NO_SHIPPING_CHOICE, ...action.payload };
    },
  },
  selectors: {
    /** The delivery choice (the same object while nothing changes). */
    selectShippingChoice: (state) => state.choice,
  },
});

export const { governorateChosen, areaChosen, addressTyped, shippingChangedInAnotherTab } =
  shippingSlice.actions;
export const { selectShippingChoice } = shippingSlice.selectors;
export const shippingSliceReducer = shippingSlice.reducer;

const placeNames = shapeOf({ name_ar: isString, name_en: isString });

export const SHIPPING_PERSIST_KEY = 'shipping';
export const shippingReducer = persistReducer(
  {
    key: SHIPPING_PERSIST_KEY,
    storage: localPersistStorage,
    migrate: keepValidFields<ShippingState>({
      choice: shapeOf({
        governorateId: nullable(isFiniteNumber),
        governorate: nullable(placeNames),
        areaId: nullable(isFiniteNumber),
        area: nullable(placeNames),
        shippingPrice: isFiniteNumber,
        currency: nullable(isString),
        address: isString,
      }),
    }),
  },
  shippingSlice.reducer,
);
