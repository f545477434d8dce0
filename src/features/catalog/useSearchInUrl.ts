import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

import { useAppSelector, useAppStore } from '../../app/hooks';
import { selectFilters, selectSearchText } from './catalogSlice';
import { searchToParams, showsSearch } from './filterUrl';

/**
 * The address of /search always shows what the grid shows: the catalog listener has already put what the query
 * states into the store (the address is the truth), so whatever the query leaves out, or a filter changed on the
 * page since, is written into the address here. Writes use `replace`, so the history is not flooded.
 */
export function useSearchInUrl(): void {
  const store = useAppStore();
  // Subscribed so a filter change, a search or a language switch writes the address again.
  const filters = useAppSelector(selectFilters);
  const text = useAppSelector(selectSearchText);
  const [params, setParams] = useSearchParams();
  const query = params.toString();

  useEffect(() => {
    const state = store.getState();
    const current = { filters: selectFilters(state), text: selectSearchText(state) };
    const params = new URLSearchParams(query);
    // A link that already states the same search keeps its own order of parameters.
    if (showsSearch(params, current)) return;
    setParams(searchToParams(current, params), { replace: true });
  }, [filters, text, query, store, setParams]);
}
