import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { persistReducer } from 'redux-persist';

import { isFiniteNumber, isString, keepValidFields, nullable, shapeOf } from '../../lib/persistGuard';
import { localPersistStorage } from '../../lib/storage';

export interface PlaceNames {
  name_ar: string;
  name_en: string;
}

/**
 * What the shopper chose for delivery, shared by the cart and checkout: the ids of the governorate and the area,
 * and the detailed address typed. The places' names and the area's price are the server's (RTK Query's governorates
 * and areas answers, see shippingSelectors), never copied here.
 */
export interface ShippingPick {
  governorateId: number | null;
  areaId: number | null;
  address: string;
}

export const NO_SHIPPING_PICK: ShippingPick = { governorateId: null, areaId: null, address: '' };

/** One object, so the selector hands out the same reference while nothing changes. */
export interface ShippingState {
  choice: ShippingPick;
}

const initialState: ShippingState = { choice: NO_SHIPPING_PICK };

const shippingSlice = createSlice({
  name: 'shipping',
  initialState,
  reducers: {
    /** A governorate clears the area (shipping is 0 until an area is chosen); the typed address stays. */
    governorateChosen(state, action: PayloadAction<{ id: number }>) {
      state.choice = { ...NO_SHIPPING_PICK, governorateId: action.payload.id, address: state.choice.address };
    },
    areaChosen(state, action: PayloadAction<{ id: number }>) {
      state.choice.areaId = action.payload.id;
    },
    addressTyped(state, action: PayloadAction<string>) {
      state.choice.address = action.payload;
    },
    /** Another tab of this browser changed the stored choice (storage event). */
    shippingChangedInAnotherTab(state, action: PayloadAction<ShippingPick>) {
      state.choice = pickOf(action.payload);
    },
  },
  selectors: {
    /** The ids and the address chosen (the same object while nothing changes). */
    selectShippingPick: (state) => state.choice,
  },
});

/** Only the pick's own fields: a copy stored by an older build also held the places' names and the price. */
function pickOf(stored: ShippingPick): ShippingPick {
  return { governorateId: stored.governorateId, areaId: stored.areaId, address: stored.address };
}

export const { governorateChosen, areaChosen, addressTyped, shippingChangedInAnotherTab } =
  shippingSlice.actions;
export const { selectShippingPick } = shippingSlice.selectors;
export const shippingSliceReducer = shippingSlice.reducer;

export const isShippingPick = shapeOf({
  governorateId: nullable(isFiniteNumber),
  areaId: nullable(isFiniteNumber),
  address: isString,
});

export const SHIPPING_PERSIST_KEY = 'shipping';
export const shippingReducer = persistReducer(
  {
    key: SHIPPING_PERSIST_KEY,
    storage: localPersistStorage,
    migrate: keepValidFields<ShippingState>({ choice: isShippingPick }, (kept) =>
      kept.choice ? { choice: pickOf(kept.choice) } : kept,
    ),
  },
  shippingSlice.reducer,
);
