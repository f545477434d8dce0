// The search page's search lives in its address (words, filters, page: filterUrl.ts reads and writes them). This
// file reads it once for the whole page, puts what the page's controls change into it, and restores the last search
// used (the store's) when a shopper opens /search without one.
import {
  createContext,
  type Context,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

import { searchSubmitted } from '../../app/events';
import { useAppDispatch, useAppSelector, useAppStore } from '../../app/hooks';
import { useCommitEffect } from '../../ui/useCommitEffect';
import { selectCurrency, selectLanguage } from '../settings/public';
import { DEFAULT_FILTERS, searchShown, selectSavedSearch, type CatalogFilters } from './catalogSlice';
import type { FilterChange } from './filterChanges';
import {
  SEARCH_PATH,
  sameFilters,
  searchShownBy,
  searchToParams,
  showsSearch,
  statesSearch,
  type SearchInUrl,
} from './filterUrl';

/** The search on screen: the address's (the page NO_SUCH_PAGE for a page no results can have). */
export type ShownSearch = Required<SearchInUrl>;

const NO_SEARCH: ShownSearch = { filters: DEFAULT_FILTERS, text: '', page: 1 };
const NOTHING_SAVED = { filters: DEFAULT_FILTERS, text: '' };

/** What the page's controls do to the search on screen. */
export interface SearchChanges {
  /** A filter tapped: the controls show it at once, the grid follows with the address (replaced), on page 1. */
  changeFilters(change: FilterChange): void;
  /** Words submitted in the page's box: beside the filters, on page 1 (the address replaced). */
  searchWords(text: string): void;
  /** Another page of the results: a new history entry, so back and forward move between the pages. */
  turnPage(page: number): void;
}

const ShownContext = createContext<ShownSearch | null>(null);
const ChosenContext = createContext<CatalogFilters | null>(null);
const ChangesContext = createContext<SearchChanges | null>(null);
// One context per filter as well: a tap re-renders the controls of the filter it changed, not every group's.
const FIELDS = ['category', 'brands', 'collections', 'maxPrice', 'priceCurrency', 'minRating'] as const;
type Field = (typeof FIELDS)[number];
const FieldContexts = Object.fromEntries(
  FIELDS.map((field) => [field, createContext<CatalogFilters[Field] | undefined>(undefined)]),
) as { [K in Field]: Context<CatalogFilters[K] | undefined> };

function required<T>(value: T | null, hook: string): T {
  if (value === null) throw new Error(`${hook} is used outside the search page's <SearchInAddress>`);
  return value;
}

/** The search the address shows (what the grid and the pager show). */
export const useShownSearch = (): ShownSearch => required(useContext(ShownContext), 'useShownSearch');

/** The filters as the controls show them: a tapped one at once, before the address (and the grid) follow. */
export const useChosenFilters = (): CatalogFilters => required(useContext(ChosenContext), 'useChosenFilters');

/** One of the chosen filters: re-renders when that one changes only. */
export function useChosen<K extends Field>(field: K): CatalogFilters[K] {
  const value = useContext(FieldContexts[field] as Context<CatalogFilters[K] | undefined>);
  if (value === undefined) throw new Error(`useChosen is used outside the search page's <SearchInAddress>`);
  return value;
}

export const useSearchChanges = (): SearchChanges => required(useContext(ChangesContext), 'useSearchChanges');

/** The history state of an entry the search page showed its search in (see SearchInAddress). */
const SHOWN_ENTRY = { searchShown: true } as const;
const isShownEntry = (state: unknown) =>
  typeof state === 'object' && state !== null && (state as { searchShown?: unknown }).searchShown === true;

/**
 * The search page's search, read from its address. An address that states no search (a shopper opening /search)
 * shows the last one used and writes it into the address (replaced). A language or currency change resets the
 * search (spec: filters, search text and page): shown at once, the address follows (replaced).
 */
export function SearchInAddress({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const navigate = useNavigate();
  const { key, search, state } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  // A history entry this page has shown a search in states it (its address, marked): back or forward to it shows
  // that search again, not the last one used. A bare /search reached by a link, a menu or a typed address restores.
  const bare = !statesSearch(params) && !isShownEntry(state);
  // Read when the address is reached: a filter tapped since is on its way into the address, not a search to restore.
  const restoring = useMemo(
    () => (bare ? selectSavedSearch(store.getState()) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- each address reached (its key) reads the store again
    [bare, key, store],
  );

  // The address the settings changed under shows no search until the page has taken the search out of it.
  const settings = `${useAppSelector(selectLanguage)} ${useAppSelector(selectCurrency)}`;
  const [reset, setReset] = useState({ settings, at: null as string | null });
  let resetAt = reset.at;
  if (reset.settings !== settings) {
    resetAt = key;
    setReset({ settings, at: key });
  }
  const resetting = resetAt === key;

  const shown = useMemo(
    () => (resetting ? NO_SEARCH : searchShownBy(params, restoring ?? NOTHING_SAVED)),
    [resetting, params, restoring],
  );

  // A tapped filter shows in its control at once; the router renders the new address as a transition.
  const [tapped, setTapped] = useState<{ filters: CatalogFilters; at: string } | null>(null);
  const chosen = !resetting && tapped !== null && tapped.at === key ? tapped.filters : shown.filters;

  // The controls' handlers read what the last commit shows: a tap right after the router's commit (a quick second
  // tap) starts from it. Layout effects run in the commit itself.
  const latest = useRef({ key, params, shown, chosen });
  useCommitEffect(() => {
    latest.current = { key, params, shown, chosen };
  }, [key, params, shown, chosen]);

  // The search on screen is the last one used (a bare /search restores it): stored in the commit, so that a tap right
  // after it is never overtaken by the search before.
  useCommitEffect(() => {
    if (resetting || (restoring !== null && !showsSearch(params, shown))) return;
    const last = selectSavedSearch(store.getState());
    if (!sameFilters(last.filters, shown.filters) || last.text !== shown.text)
      dispatch(searchShown({ filters: shown.filters, text: shown.text }));
  }, [resetting, restoring, params, shown, dispatch, store]);

  // The address follows a reset, or states the restored search. After the commit: the router hears of addresses
  // from its own effects, which run after the page's.
  useEffect(() => {
    const write = (next: ShownSearch) => {
      const query = searchToParams(next, params).toString();
      void navigate(
        { pathname: SEARCH_PATH, search: query ? `?${query}` : '' },
        { replace: true, state: SHOWN_ENTRY },
      );
    };
    if (resetting) write(NO_SEARCH);
    // The entry is marked even when its address already states what it shows (nothing saved): back to it later
    // shows that, whatever the last search used is by then.
    else if (restoring !== null) write(shown);
  }, [resetting, restoring, params, shown, navigate]);

  const changes = useMemo<SearchChanges>(() => {
    const go = (next: ShownSearch, replace: boolean) => {
      const query = searchToParams(next, latest.current.params);
      // An address left with no search is a bare /search, which shows the last search used: this one from now.
      if (!statesSearch(query)) dispatch(searchShown({ filters: next.filters, text: next.text }));
      const search = query.toString();
      void navigate(
        { pathname: SEARCH_PATH, search: search ? `?${search}` : '' },
        { replace, state: SHOWN_ENTRY },
      );
    };
    return {
      changeFilters(change) {
        const { chosen: before, shown: now, key: at } = latest.current;
        const filters = change(before);
        if (sameFilters(filters, before)) return;
        latest.current = { ...latest.current, chosen: filters };
        setTapped({ filters, at });
        go({ filters, text: now.text, page: 1 }, true);
      },
      searchWords(text) {
        const words = text.trim();
        dispatch(searchSubmitted(words));
        // A search is a new history entry (back returns to the one before), as the header box's is; filter taps
        // replace theirs (the spec's "replace mode").
        go({ filters: latest.current.chosen, text: words, page: 1 }, false);
      },
      turnPage(page) {
        const { chosen: filters, shown: now } = latest.current;
        go({ filters, text: now.text, page }, false);
      },
    };
  }, [dispatch, navigate]);

  const fields = FIELDS.reduceRight<ReactNode>((inner, field) => {
    const Context = FieldContexts[field] as Context<unknown>;
    return <Context.Provider value={chosen[field]}>{inner}</Context.Provider>;
  }, children);
  return (
    <ChangesContext.Provider value={changes}>
      <ShownContext.Provider value={shown}>
        <ChosenContext.Provider value={chosen}>{fields}</ChosenContext.Provider>
      </ShownContext.Provider>
    </ChangesContext.Provider>
  );
}
