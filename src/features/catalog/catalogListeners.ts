import { locationChanged } from '../../app/events';
import type { AppStartListening } from '../../app/listenerTypes';
import { searchUrlChanged, selectFilters, selectPage, selectSearchText } from './catalogSlice';
import { sameFilters, searchFromParams, SEARCH_PATH } from './filterUrl';

/**
 * While /search is open its address is the truth: what its query states (filters, `q` words, the page) goes into
 * the store as one event; what it leaves out stays as stored (the page writes that back into the address), but for
 * the page: an address without one shows page 1.
 */
export function addCatalogListeners(startAppListening: AppStartListening): void {
  startAppListening({
    actionCreator: locationChanged,
    effect: ({ payload }, { dispatch, getState }) => {
      if (payload.pathname !== SEARCH_PATH) return;
      const stated = searchFromParams(new URLSearchParams(payload.search));
      const state = getState();
      const filtersDiffer = stated.filters !== null && !sameFilters(stated.filters, selectFilters(state));
      const textDiffers = stated.text !== null && stated.text !== selectSearchText(state);
      const pageDiffers = stated.page !== selectPage(state);
      if (filtersDiffer || textDiffers || pageDiffers) dispatch(searchUrlChanged(stated));
    },
  });
}
