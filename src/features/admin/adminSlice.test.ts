import { makeStore } from '../../app/store';
import { filtersChanged, filtersCleared, pageChanged, selectOrdersTable, sortChanged } from './adminSlice';

describe('the back office’s tables', () => {
  it('joins the store when its module loads, with each table on its first page', () => {
    const store = makeStore();
    expect(store.getState().admin?.orders).toEqual({
      filters: { status: '', from: '', to: '', number: '', contact: '' },
      sort: 'created_at',
      dir: 'desc',
      page: 1,
    });
  });

  it('new filters and a new sort show the first page; the same column again turns the order round', () => {
    const store = makeStore();
    store.dispatch(pageChanged({ table: 'orders', page: 3 }));
    expect(selectOrdersTable(store.getState()).page).toBe(3);
    store.dispatch(filtersChanged('orders', { status: 'paid' }));
    expect(selectOrdersTable(store.getState())).toMatchObject({
      page: 1,
      filters: { status: 'paid', contact: '' },
    });
    store.dispatch(pageChanged({ table: 'orders', page: 2 }));
    store.dispatch(sortChanged({ table: 'orders', sort: 'total_price' }));
    expect(selectOrdersTable(store.getState())).toMatchObject({ sort: 'total_price', dir: 'desc', page: 1 });
    store.dispatch(sortChanged({ table: 'orders', sort: 'total_price' }));
    expect(selectOrdersTable(store.getState()).dir).toBe('asc');
    store.dispatch(filtersCleared('orders'));
    expect(selectOrdersTable(store.getState()).filters.status).toBe('');
  });

  it('a page is a whole number from 1', () => {
    const store = makeStore();
    store.dispatch(pageChanged({ table: 'products', page: -4 }));
    expect(store.getState().admin?.products.page).toBe(1);
    store.dispatch(pageChanged({ table: 'products', page: 2.7 }));
    expect(store.getState().admin?.products.page).toBe(2);
  });
});
