import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';

import { signedOut } from '../../app/events';
import { rootReducer } from '../../app/store';
import { isFiniteNumber, isString, nullable, shapeOf, type Guard } from '../../lib/persistGuard';
import { readJson, writeJson } from '../../lib/storage';

export const DEFAULT_DIAL_CODE = '+965';

export interface NewAddressDraft {
  name: string;
  phoneCode: string;
  phone: string;
  city: string;
  address: string;
  apartment: string;
}

/** What the shopper has typed or picked on the checkout page; kept for the tab (reload, language switch). */
export interface CheckoutDraft {
  addressId: number | null;
  email: string;
  phoneCode: string;
  phone: string;
  addingAddress: boolean;
  newAddress: NewAddressDraft;
}

/** One order intent: the same content sent again (double click, retry after a network failure) reuses its key. */
export interface OrderIntent {
  key: string;
  fingerprint: string;
}

export interface CheckoutState {
  draft: CheckoutDraft;
  intent: OrderIntent | null;
}

const STORAGE_KEY = 'checkout';

export const EMPTY_NEW_ADDRESS: NewAddressDraft = {
  name: '',
  phoneCode: DEFAULT_DIAL_CODE,
  phone: '',
  city: '',
  address: '',
  apartment: '',
};

const emptyState: CheckoutState = {
  draft: {
    addressId: null,
    email: '',
    phoneCode: DEFAULT_DIAL_CODE,
    phone: '',
    addingAddress: false,
    newAddress: EMPTY_NEW_ADDRESS,
  },
  intent: null,
};

/** The fields of `value` that pass their guard; the rest are left out (and come from the defaults). */
function validFields<T>(value: unknown, guards: Record<keyof T, Guard>): Partial<T> {
  if (typeof value !== 'object' || value === null) return {};
  const kept: Partial<T> = {};
  for (const [field, guard] of Object.entries(guards) as [keyof T & string, Guard][]) {
    const candidate = (value as Record<string, unknown>)[field];
    if (guard(candidate)) kept[field] = candidate as T[keyof T & string];
  }
  return kept;
}

const isFlag: Guard = (value) => typeof value === 'boolean';

// What another build or a hand left under the key keeps only what has this build's shape.
function storedState(): CheckoutState {
  const stored = readJson<unknown>('session', STORAGE_KEY);
  if (typeof stored !== 'object' || stored === null) return emptyState;
  const { draft, intent } = stored as { draft?: unknown; intent?: unknown };
  const newAddress = (draft as { newAddress?: unknown } | null | undefined)?.newAddress;
  return {
    draft: {
      ...emptyState.draft,
      ...validFields<CheckoutDraft>(draft, {
        addressId: nullable(isFiniteNumber),
        email: isString,
        phoneCode: isString,
        phone: isString,
        addingAddress: isFlag,
        newAddress: () => false,
      }),
      newAddress: {
        ...EMPTY_NEW_ADDRESS,
        ...validFields<NewAddressDraft>(newAddress, {
          name: isString,
          phoneCode: isString,
          phone: isString,
          city: isString,
          address: isString,
          apartment: isString,
        }),
      },
    },
    intent: shapeOf({ key: isString, fingerprint: isString })(intent) ? (intent as OrderIntent) : null,
  };
}

/** The tab's copy of the checkout state (sessionStorage through lib/storage). */
export function saveCheckout(state: CheckoutState): void {
  writeJson('session', STORAGE_KEY, state);
}

function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

type ContactField = 'email' | 'phoneCode' | 'phone';

export const checkoutSlice = createSlice({
  name: 'checkout',
  initialState: storedState,
  reducers: {
    contactEdited(state, action: PayloadAction<{ field: ContactField; value: string }>) {
      state.draft[action.payload.field] = action.payload.value;
    },
    addressPicked(state, action: PayloadAction<number>) {
      state.draft.addressId = action.payload;
    },
    newAddressOpened(state) {
      state.draft.addingAddress = true;
    },
    newAddressEdited(state, action: PayloadAction<{ field: keyof NewAddressDraft; value: string }>) {
      state.draft.newAddress[action.payload.field] = action.payload.value;
    },
    newAddressClosed(state) {
      state.draft.addingAddress = false;
    },
    addressSaved(state, action: PayloadAction<number>) {
      state.draft.addressId = action.payload;
      state.draft.addingAddress = false;
      state.draft.newAddress = EMPTY_NEW_ADDRESS;
    },
    orderSubmitted: {
      reducer(state, action: PayloadAction<OrderIntent>) {
        // Same content as the last attempt: the same intent, so the server answers the same order.
        if (state.intent?.fingerprint === action.payload.fingerprint) return;
        state.intent = action.payload;
      },
      prepare: (fingerprint: string) => ({ payload: { fingerprint, key: randomKey() } }),
    },
    orderPlaced(state) {
      state.intent = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(signedOut, () => emptyState);
  },
  selectors: {
    selectCheckoutDraft: (state) => state.draft,
    selectOrderIntent: (state) => state.intent,
    selectCheckoutState: (state) => state,
  },
});

declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds this slice
  export interface LazyLoadedSlices extends WithSlice<typeof checkoutSlice> {}
}

// Loaded with the checkout pages only: the slice joins the store when its code arrives.
const injected = checkoutSlice.injectInto(rootReducer);

export const {
  contactEdited,
  addressPicked,
  newAddressOpened,
  newAddressEdited,
  newAddressClosed,
  addressSaved,
  orderSubmitted,
  orderPlaced,
} = checkoutSlice.actions;
export const { selectCheckoutDraft, selectOrderIntent, selectCheckoutState } = injected.selectors;
