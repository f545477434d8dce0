// What the back office's tables show: each table's filters, sort and page (client state; the rows are the API's).
// Injected into the store when the back office's chunk loads.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

import { rootReducer } from '../../app/store';
import type { OrderStatus } from '../../../contract/orders';

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
}

export type AdminTable = keyof AdminState;
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
  },
  selectors: {
    selectTable: (state: AdminState, table: AdminTable) => state[table],
    selectOrdersTable: (state) => state.orders,
    selectProductsTable: (state) => state.products,
    selectReviewsTable: (state) => state.reviews,
    selectCouponsTable: (state) => state.coupons,
  },
});

declare module '../../app/store' {
  export interface LazyLoadedSlices {
    [adminSlice.reducerPath]: AdminState;
  }
}

/** The slice joins the store's reducer when this module loads (the back office's chunk). */
export const injectedAdminSlice = adminSlice.injectInto(rootReducer);

export const { filtersChanged, filtersCleared, sortChanged, pageChanged } = adminSlice.actions;
export const { selectOrdersTable, selectProductsTable, selectReviewsTable, selectCouponsTable } =
  injectedAdminSlice.selectors;
