import type { TFunction } from 'i18next';

/** Enough for a few pages of cards in both languages; past it the texts are simply made again. */
const LIMIT = 5000;

type Options = Record<string, unknown>;

// A default is what i18next answers for a key not loaded yet: kept, it would hide the text once it loads.
const isPlain = (options: Options) =>
  !Object.keys(options).some((name) => name.startsWith('defaultValue')) &&
  Object.values(options).every((value) => ['string', 'number', 'boolean'].includes(typeof value));

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
    const plain =
      typeof key === 'string' &&
      (options === undefined ||
        (typeof options === 'object' && options !== null && isPlain(options as Options)));
    if (!plain) return translate(key, options);
    const id = options === undefined ? key : `${key}\u0000${JSON.stringify(options)}`;
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
