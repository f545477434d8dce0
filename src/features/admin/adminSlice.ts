// What the back office's tables show: each table's filters, sort and page (client state; the rows are the API's).
// Injected into the store when the back office's chunk loads.
import { createSlice, isRejectedWithValue, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';

import { rootReducer } from '../../app/store';
import type { OrderStatus } from '../../../contract/orders';
import { adminApi } from './adminApi';

export type SortDirection = 'asc' | 'desc';

export interface OrderFilters {
  status: OrderStatus | '';
  /** YYYY-MM-DD */
  from: string;
  to: string;
  number: string;
  contact: string;
}

export interface ProductFilters {
  search: string;
  stock: 'low' | 'out' | '';
}

export interface ReviewFilters {
  status: 'pending' | 'approved' | 'rejected';
}

export interface CouponFilters {
  search: string;
}

interface Table<F> {
  filters: F;
  sort: string;
  dir: SortDirection;
  page: number;
}

export interface AdminState {
  orders: Table<OrderFilters>;
  products: Table<ProductFilters>;
  reviews: Table<ReviewFilters>;
  coupons: Table<CouponFilters>;
  /** a back office call was refused as not staff: the role was taken away since the sign-in */
  accessLost: boolean;
  /**
   * a back office call was refused for the second factor: this session must enter its code (`code`) or the account
   * must set an app up (`enrol`) first; the area shows that screen instead of its pages
   */
  secondFactorGate: SecondFactorGate | null;
  /** a sensitive action waits for the staff member to confirm who they are (reauth.ts) */
  reauthOpen: boolean;
}

export type SecondFactorGate = 'code' | 'enrol';

const GATES: Readonly<Record<string, SecondFactorGate>> = {
  second_factor_required: 'code',
  second_factor_enrolment: 'enrol',
};

/** The second-factor screen a refused back office call asks for, if that is why it was refused. */
export function secondFactorGateOf(action: UnknownAction): SecondFactorGate | undefined {
  if (!isRejectedWithValue(action)) return undefined;
  const payload = action.payload as { status?: unknown; data?: { code?: unknown } } | undefined;
  const code = payload?.data?.code;
  return payload?.status === 403 && typeof code === 'string' ? GATES[code] : undefined;
}

export type AdminTable = 'orders' | 'products' | 'reviews' | 'coupons';

/**
 * A back office call the server refused because the account is not staff (any 403 but the owner-only one): the
 * role went since the sign-in. The owner-only refusal leaves a staff member in the area.
 */
export function refusedAsNotStaff(action: UnknownAction): boolean {
  if (!isRejectedWithValue(action)) return false;
  const endpoint = (action.meta.arg as { endpointName?: unknown } | undefined)?.endpointName;
  if (typeof endpoint !== 'string' || !(endpoint in adminApi.endpoints)) return false;
  const payload = action.payload as { status?: unknown; data?: { code?: unknown } } | undefined;
  return (
    payload?.status === 403 &&
    payload.data?.code !== 'not_owner' &&
    payload.data?.code !== 'reauth_required' &&
    !secondFactorGateOf(action)
  );
}
type FiltersOf<T extends AdminTable> = AdminState[T]['filters'];

export const PER_PAGE = 20;

const initialState: AdminState = {
  orders: {
    filters: { status: '', from: '', to: '', number: '', contact: '' },
    sort: 'created_at',
    dir: 'desc',
    page: 1,
  },
  products: { filters: { search: '', stock: '' }, sort: 'id', dir: 'desc', page: 1 },
  reviews: { filters: { status: 'pending' }, sort: 'created_at', dir: 'asc', page: 1 },
  coupons: { filters: { search: '' }, sort: 'created_at', dir: 'desc', page: 1 },
  accessLost: false,
  secondFactorGate: null,
  reauthOpen: false,
};

export const adminSlice = createSlice({
  name: 'admin',
  initialState,
  reducers: {
    /** New filters show their first page. */
    filtersChanged: {
      reducer(state, action: PayloadAction<{ table: AdminTable; filters: Partial<FiltersOf<AdminTable>> }>) {
        const table = state[action.payload.table];
        table.filters = { ...table.filters, ...action.payload.filters } as typeof table.filters;
        table.page = 1;
      },
      prepare: <T extends AdminTable>(table: T, filters: Partial<FiltersOf<T>>) => ({
        payload: { table, filters },
      }),
    },
    filtersCleared(state, action: PayloadAction<AdminTable>) {
      const table = action.payload;
      (state[table] as Table<unknown>).filters = initialState[table].filters;
      state[table].page = 1;
    },
    /** A column's header: the same column again turns the order round; another one starts descending. */
    sortChanged(state, action: PayloadAction<{ table: AdminTable; sort: string }>) {
      const table = state[action.payload.table];
      if (table.sort === action.payload.sort) table.dir = table.dir === 'asc' ? 'desc' : 'asc';
      else {
        table.sort = action.payload.sort;
        table.dir = 'desc';
      }
      table.page = 1;
    },
    pageChanged(state, action: PayloadAction<{ table: AdminTable; page: number }>) {
      state[action.payload.table].page = Math.max(1, Math.floor(action.payload.page));
    },
    /** The area has said so and left. */
    accessLossHandled(state) {
      state.accessLost = false;
    },
    /** The code was entered, or the app set up: the area shows its pages again. */
    secondFactorPassed(state) {
      state.secondFactorGate = null;
    },
    /** A sensitive action was refused for an old proof: the dialog asks the password or a code. */
    reauthRequested(state) {
      state.reauthOpen = true;
    },
    reauthClosed(state) {
      state.reauthOpen = false;
    },
  },
  extraReducers: (builder) => {
    builder.addMatcher(refusedAsNotStaff, (state) => {
      state.accessLost = true;
    });
    builder.addMatcher(
      (action) => secondFactorGateOf(action) !== undefined,
      (state, action) => {
        state.secondFactorGate = secondFactorGateOf(action) ?? null;
      },
    );
  },
  selectors: {
    selectTable: (state: AdminState, table: AdminTable) => state[table],
    selectOrdersTable: (state) => state.orders,
    selectProductsTable: (state) => state.products,
    selectReviewsTable: (state) => state.reviews,
    selectCouponsTable: (state) => state.coupons,
    selectAccessLost: (state) => state.accessLost,
    selectSecondFactorGate: (state) => state.secondFactorGate,
    selectReauthOpen: (state) => state.reauthOpen,
  },
});

declare module '../../app/store' {
  export interface LazyLoadedSlices {
    [adminSlice.reducerPath]: AdminState;
  }
}

/** The slice joins the store's reducer when this module loads (the back office's chunk). */
export const injectedAdminSlice = adminSlice.injectInto(rootReducer);

export const {
  filtersChanged,
  filtersCleared,
  sortChanged,
  pageChanged,
  accessLossHandled,
  secondFactorPassed,
  reauthRequested,
  reauthClosed,
} = adminSlice.actions;
export const {
  selectTable,
  selectOrdersTable,
  selectProductsTable,
  selectReviewsTable,
  selectCouponsTable,
  selectAccessLost,
  selectSecondFactorGate,
  selectReauthOpen,
} = injectedAdminSlice.selectors;
