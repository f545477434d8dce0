import type { TFunction } from 'i18next';

/** Enough for a few pages of cards in both languages; past it the texts are simply made again. */
const LIMIT = 5000;

/**
 * The key a text is kept under, or null for a call not to keep: options other than plain values, or a default (what
 * i18next answers for a key not loaded yet; kept, it would hide the text once it loads). One walk of the options.
 */
function textId(key: unknown, options: unknown): string | null {
  if (typeof key !== 'string') return null;
  if (options === undefined) return key;
  if (typeof options !== 'object' || options === null) return null;
  let id = key;
  for (const [name, value] of Object.entries(options)) {
    if (name.startsWith('defaultValue') || !['string', 'number', 'boolean'].includes(typeof value))
      return null;
    id += `\u0000${name}\u0000${JSON.stringify(value)}`;
  }
  return id;
}

/**
 * `t` that keeps the texts it made. i18next makes each text anew (key lookup, interpolation, nesting): a card grid
 * asks for the same few texts once per card and again each time a filter change mounts the cards, and those calls
 * were a sixth of a filter change's time. Only calls whose options are plain values are kept, and never a missing
 * key's fallback or a default, so a namespace that loads later is still read.
 */
export function rememberingTranslator(t: TFunction): TFunction {
  const translate = t as unknown as (key: unknown, options?: unknown) => unknown;
  const texts = new Map<string, string>();
  const remembering = (key: unknown, options?: unknown) => {
    const id = textId(key, options);
    if (id === null) return translate(key, options);
    const known = texts.get(id);
    if (known !== undefined) return known;
    const text = translate(key, options);
    if (typeof text === 'string' && text !== key) {
      if (texts.size >= LIMIT) texts.clear();
      texts.set(id, text);
    }
    return text;
  };
  return remembering as unknown as TFunction;
}
