import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

import { useAppDispatch, useAppSelector, useAppStore } from '../../app/hooks';
import { searchUrlChanged, selectFilters, selectSearchText } from './catalogSlice';
import { sameFilters, searchFromParams, searchToParams, showsSearch } from './filterUrl';

/**
 * While /search is open its address is the truth: what the query states (filters, `q` words) goes into the store
 * as one event, and whatever it leaves out is written back from the store, so the address always shows what the
 * grid shows. Both steps read the store as it is now, not as it was at render, so each is a no-op once address and
 * store agree and neither needs to know what the other did. Writes use `replace`, so the history is not flooded.
 */
export function useSearchInUrl(): void {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  // Subscribed so a filter change, a search or a language switch writes the address again.
  const filters = useAppSelector(selectFilters);
  const text = useAppSelector(selectSearchText);
  const [params, setParams] = useSearchParams();
  const query = params.toString();

  useEffect(() => {
    const stated = searchFromParams(new URLSearchParams(query));
    const state = store.getState();
    const filtersDiffer = stated.filters !== null && !sameFilters(stated.filters, selectFilters(state));
    const textDiffers = stated.text !== null && stated.text !== selectSearchText(state);
    if (filtersDiffer || textDiffers) dispatch(searchUrlChanged(stated));
  }, [query, dispatch, store]);

  useEffect(() => {
    const state = store.getState();
    const current = { filters: selectFilters(state), text: selectSearchText(state) };
    const params = new URLSearchParams(query);
    // A link that already states the same search keeps its own order of parameters.
    if (showsSearch(params, current)) return;
    setParams(searchToParams(current, params), { replace: true });
  }, [filters, text, query, store, setParams]);
}
