import { locationChanged } from '../../app/events';
import type { AppStartListening } from '../../app/listenerTypes';
import { searchUrlChanged, selectFilters, selectPage, selectSearchText } from './catalogSlice';
import { sameFilters, searchShownBy, SEARCH_PATH } from './filterUrl';

/**
 * While /search is open its address is the truth: the search it shows (filters, `q` words, the page; what it leaves
 * out is the default) goes into the store as one event. An address that states no search at all shows the saved
 * one (the design card's persisted filters and the tab's words), on page 1; the page writes it into the address.
 */
export function addCatalogListeners(startAppListening: AppStartListening): void {
  startAppListening({
    actionCreator: locationChanged,
    effect: ({ payload }, { dispatch, getState }) => {
      if (payload.pathname !== SEARCH_PATH) return;
      const state = getState();
      const saved = { filters: selectFilters(state), text: selectSearchText(state) };
      const shown = searchShownBy(new URLSearchParams(payload.search), saved);
      const filtersDiffer = !sameFilters(shown.filters, saved.filters);
      const textDiffers = shown.text !== saved.text;
      const pageDiffers = shown.page !== selectPage(state);
      if (filtersDiffer || textDiffers || pageDiffers)
        dispatch(
          searchUrlChanged({
            filters: filtersDiffer ? shown.filters : null,
            text: textDiffers ? shown.text : null,
            page: shown.page,
          }),
        );
    },
  });
}
