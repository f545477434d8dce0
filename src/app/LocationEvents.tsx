import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

import { locationChanged } from './events';
import { useAppDispatch } from './hooks';

/**
 * Tells the store where the address bar is, so listeners can mirror it (the /search query into the filters).
 * Rendered before the routes: its effect runs before theirs, so a page's effects already see the store in step
 * with the address.
 */
export function LocationEvents(): null {
  const dispatch = useAppDispatch();
  const { pathname, search } = useLocation();
  useEffect(() => {
    dispatch(locationChanged({ pathname, search }));
  }, [dispatch, pathname, search]);
  return null;
}
