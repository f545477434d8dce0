import { useState, type FocusEvent, type FormEvent, type ReactNode } from 'react';
import { SEARCH_TEXT_MAX } from '../../shared/pageAddress';

/** What every search box is given: the plain one below and the navbar's with suggestions (HeaderSearch). */
export interface SearchBoxProps {
  /** The input's id (two search forms can be on one page: the navbar's and the search page's). */
  id: string;
  label: string;
  placeholder: string;
  buttonLabel: string;
  /** The stored search words; the box follows them when they change elsewhere (the other box, a link). */
  value: string;
  /** Called with the trimmed words. */
  onSearch(text: string): void;
  className?: string;
  buttonClassName?: string;
}

/**
 * The words in a search box: what the shopper types, following the stored words when they change elsewhere (the
 * other box, a link).
 */
export function useSearchWords(value: string): [string, (text: string) => void] {
  const [text, setText] = useState(value);
  const [followed, setFollowed] = useState(value);
  if (value !== followed) {
    setFollowed(value);
    setText(value);
  }
  return [text, setText];
}

/** A search box's form, its hidden label and its button around the box's input (`children`); `after` follows. */
export function SearchFrame({
  box: { id, label, buttonLabel, className = 'd-flex gap-2', buttonClassName = 'btn btn-primary' },
  onSubmit,
  onBlur,
  positioned = false,
  after,
  children,
}: {
  box: SearchBoxProps;
  onSubmit(event: FormEvent): void;
  onBlur?(event: FocusEvent<HTMLFormElement>): void;
  /** The form places a list under the box (the suggestions). */
  positioned?: boolean;
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form
      role="search"
      className={positioned ? `${className} position-relative` : className}
      onSubmit={onSubmit}
      onBlur={onBlur}
    >
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      {children}
      <button type="submit" className={buttonClassName}>
        {buttonLabel}
      </button>
      {after}
    </form>
  );
}

/** A search box with its button: the navbar's and the search page's. */
export function SearchForm(box: SearchBoxProps) {
  const [text, setText] = useSearchWords(box.value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const words = text.trim();
    setText(words);
    box.onSearch(words);
  };
  return (
    <SearchFrame box={box} onSubmit={submit}>
      <input
        id={box.id}
        type="search"
        className="form-control"
        placeholder={box.placeholder}
        value={text}
        maxLength={SEARCH_TEXT_MAX}
        onChange={(event) => setText(event.target.value)}
        enterKeyHint="search"
      />
    </SearchFrame>
  );
}
