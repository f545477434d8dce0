import { useDeferredValue, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

import { useAppSelector, useAppStore } from '../../app/hooks';
import { selectFilters, selectPage, selectSearchText } from './catalogSlice';
import { searchToParams, showsSearch } from './filterUrl';

/**
 * The address of /search always shows what the grid shows: the catalog listener has already put what the query
 * states into the store (the address is the truth), so whatever the query leaves out, or a filter changed on the
 * page since, is written into the address here. Writes use `replace`, so the history is not flooded. A filter
 * change reaches the address with the grid's deferred render (SearchPage's results), not inside the tap: the
 * history write and the router's render it sets off are no part of what the shopper waits to see.
 */
export function useSearchInUrl(): void {
  const store = useAppStore();
  // Subscribed so a filter change, a search or a language switch writes the address again.
  const filters = useDeferredValue(useAppSelector(selectFilters));
  const text = useDeferredValue(useAppSelector(selectSearchText));
  const page = useAppSelector(selectPage);
  const [params, setParams] = useSearchParams();
  const query = params.toString();

  useEffect(() => {
    const state = store.getState();
    const current = { filters: selectFilters(state), text: selectSearchText(state), page: selectPage(state) };
    const params = new URLSearchParams(query);
    // A link that already states the same search keeps its own order of parameters.
    if (showsSearch(params, current)) return;
    setParams(searchToParams(current, params), { replace: true });
  }, [filters, text, page, query, store, setParams]);
}
