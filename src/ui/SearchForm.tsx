import { useState, type FormEvent } from 'react';

interface Props {
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

/** A search box with its button: the navbar's and the search page's. */
export function SearchForm({
  id,
  label,
  placeholder,
  buttonLabel,
  value,
  onSearch,
  className = 'd-flex gap-2',
  buttonClassName = 'btn btn-primary',
}: Props) {
  const [text, setText] = useSearchWords(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const words = text.trim();
    setText(words);
    onSearch(words);
  };
  return (
    <form role="search" className={className} onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        type="search"
        className="form-control"
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
        enterKeyHint="search"
      />
      <button type="submit" className={buttonClassName}>
        {buttonLabel}
      </button>
    </form>
  );
}
