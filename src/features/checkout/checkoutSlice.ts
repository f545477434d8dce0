import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { persistReducer, type PersistedState } from 'redux-persist';

import { signedOut } from '../../app/events';
import { isFiniteNumber, isString, nullable, shapeOf, type Guard } from '../../lib/persistGuard';
import { sessionPersistStorage } from '../../lib/storage';

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

/**
 * The one guard of what is read back: what another build or a hand left under the key keeps only the fields that
 * have this build's shape, field by field (a damaged phone does not cost the e-mail typed beside it).
 */
export function sanitizeCheckout(stored: unknown): CheckoutState {
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

function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

type ContactField = 'email' | 'phoneCode' | 'phone';

export const checkoutSlice = createSlice({
  name: 'checkout',
  initialState: emptyState,
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
export const { selectCheckoutDraft, selectOrderIntent, selectCheckoutState } = checkoutSlice.selectors;

export const CHECKOUT_PERSIST_KEY = 'checkout';
/**
 * What the shopper typed or picked on the checkout page stays for the tab (a reload, a language switch, a failed
 * submit lose nothing): redux-persist in sessionStorage, read back through `sanitizeCheckout`. A copy of another
 * persist version is read the same way, field by field.
 */
export const checkoutReducer = persistReducer(
  {
    key: CHECKOUT_PERSIST_KEY,
    storage: sessionPersistStorage,
    whitelist: ['draft', 'intent'],
    migrate: (stored: PersistedState) =>
      Promise.resolve(
        stored === undefined
          ? undefined
          : ({ ...sanitizeCheckout(stored), _persist: stored._persist } as PersistedState),
      ),
  },
  checkoutSlice.reducer,
);
