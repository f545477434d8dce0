import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { filtersAppliedFromUrl, selectFilters } from './catalogSlice';
import { filtersFromSearchParams, filtersToSearchParams, sameFilters } from './filterUrl';

/**
 * Keeps the /search query and the saved filters in step (spec 02 §4): a URL that states filters wins when the
 * page opens or the query changes from outside (a category tile, back/forward); otherwise every filter change
 * is written into the query with `replace`, so the history is not flooded.
 */
export function useFiltersInUrl(): void {
  const dispatch = useAppDispatch();
  const filters = useAppSelector(selectFilters);
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const lastWritten = useRef<string | null>(null);

  // The URL changed by someone else (or the page opened cold): apply what it states.
  useEffect(() => {
    if (query === lastWritten.current) return;
    const current = new URLSearchParams(query);
    const fromUrl = filtersFromSearchParams(current);
    if (fromUrl) {
      if (!sameFilters(fromUrl, filters)) dispatch(filtersAppliedFromUrl(fromUrl));
      return;
    }
    // A URL without filters (the navbar search, a plain link): the saved filters still apply, so show them.
    const next = filtersToSearchParams(filters, current).toString();
    lastWritten.current = next;
    if (next !== query) setParams(new URLSearchParams(next), { replace: true });
    // Only a new query may trigger this; filter changes are the other effect's business.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, dispatch, setParams]);

  // The filters changed: mirror them into the URL.
  useEffect(() => {
    const current = new URLSearchParams(query);
    const fromUrl = filtersFromSearchParams(current);
    if (lastWritten.current === null && fromUrl && !sameFilters(fromUrl, filters)) {
      // First render with a cold URL: the effect above is applying it; writing now would undo it.
      lastWritten.current = query;
      return;
    }
    const next = filtersToSearchParams(filters, current).toString();
    lastWritten.current = next;
    if (next !== query) setParams(new URLSearchParams(next), { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filters]);
}
