import {
  lazy,
  Suspense,
  useCallback,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type FormEvent,
  type KeyboardEvent,
} from 'react';

import { SEARCH_TEXT_MAX } from '../../../../shared/pageAddress';
import { loadWhenOnline } from '../../../lib/loadWhenOnline';
import { SearchFrame, useSearchWords, type SearchBoxProps } from '../../../ui/SearchForm';
import type { SuggestionsHandle, SuggestionsState } from './SearchSuggestions';

// The suggestions' list, its request and its texts' layout load when the box is first focused: the first paint of
// every page carries only the box, as the server renders it.
const SearchSuggestions = lazy(() =>
  loadWhenOnline(() => import(/* webpackChunkName: "search-suggestions" */ './SearchSuggestions')),
);

interface Props extends SearchBoxProps {
  /** A suggestion was chosen (the phone menu closes). */
  onChosen(): void;
}

const CLOSED: SuggestionsState = { expanded: false, activeId: undefined };

/**
 * The navbar's search box with suggestions as the shopper types (Shopify Dawn's predictive search), as a WAI-ARIA
 * combobox: the input keeps the focus, ArrowDown/ArrowUp move through the options, Enter opens the active one or
 * searches, Escape closes the list, Tab leaves. Submitting searches as the plain box does.
 */
export function HeaderSearch(box: Props) {
  const { id, placeholder, value, onSearch, onChosen } = box;
  const [text, setText] = useSearchWords(value);
  // What the shopper typed since the last search or choice (the stored words shown in the box ask nothing).
  const [typed, setTyped] = useState('');
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const [list, setList] = useState<SuggestionsState>(CLOSED);
  const suggestions = useRef<SuggestionsHandle>(null);
  const listId = useId();

  const search = () => {
    const words = text.trim();
    setText(words);
    setTyped('');
    setOpen(false);
    onSearch(words);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    search();
  };
  const chosen = () => {
    setTyped('');
    setOpen(false);
    onChosen();
  };
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Escape') {
      // A closed list lets the browser's own Escape (clearing a search box) happen.
      if (list.expanded) {
        event.preventDefault();
        setOpen(false);
      }
      return;
    }
    if (event.key === 'Tab') {
      setOpen(false);
      return;
    }
    if (suggestions.current?.key(event.key)) event.preventDefault();
  };
  const blur = (event: FocusEvent<HTMLFormElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
  };
  const onStateChange = useCallback((state: SuggestionsState) => setList(state), []);

  return (
    <SearchFrame
      box={box}
      onSubmit={submit}
      onBlur={blur}
      positioned
      after={
        wanted && (
          <Suspense fallback={null}>
            <SearchSuggestions
              ref={suggestions}
              id={listId}
              typed={typed}
              open={open}
              onOpen={() => setOpen(true)}
              onSubmit={search}
              onChosen={chosen}
              onStateChange={onStateChange}
            />
          </Suspense>
        )
      }
    >
      <input
        id={id}
        type="search"
        className="form-control"
        placeholder={placeholder}
        value={text}
        maxLength={SEARCH_TEXT_MAX}
        onChange={(event) => {
          setText(event.target.value);
          setTyped(event.target.value);
          setWanted(true);
          setOpen(true);
        }}
        onFocus={() => {
          setWanted(true);
          // Back in the box with words typed: their suggestions show again.
          if (typed.trim().length >= 2) setOpen(true);
        }}
        onKeyDown={keyDown}
        enterKeyHint="search"
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={list.expanded}
        aria-controls={wanted ? listId : undefined}
        aria-activedescendant={list.activeId}
      />
    </SearchFrame>
  );
}
