// Colour names in English or Arabic map to ten basic colours, shown as swatches.
import { normaliseForSearch } from './arabicSearch';

export const BASIC_COLOURS = [
  'black',
  'white',
  'grey',
  'brown',
  'red',
  'pink',
  'yellow',
  'green',
  'blue',
  'purple',
] as const;
export type BasicColour = (typeof BASIC_COLOURS)[number];

export const SWATCH_HEX: Record<BasicColour, string> = {
  black: '#1f2328',
  white: '#f8f9fa',
  grey: '#8a8f98',
  brown: '#7a5230',
  red: '#c62828',
  pink: '#e07aa0',
  yellow: '#e8c21b',
  green: '#2e7d4f',
  blue: '#2f6fb3',
  purple: '#6f42c1',
};

// Words are stored already normalised (alef, taa marbuta and alef maqsura folded) so lookups fold the same way.
const WORDS: Record<BasicColour, string[]> = {
  black: ['black', 'jet', 'onyx', 'charcoal', 'اسود', 'سوداء', 'سود', 'فحمي'],
  white: [
    'white',
    'ivory',
    'cream',
    'pearl',
    'offwhite',
    'off white',
    'ابيض',
    'بيضاء',
    'عاجي',
    'كريمي',
    'لؤلؤي',
  ],
  grey: ['grey', 'gray', 'silver', 'ash', 'slate', 'رمادي', 'رماديه', 'فضي', 'فضيه', 'رصاصي'],
  brown: [
    'brown',
    'beige',
    'camel',
    'tan',
    'khaki',
    'chocolate',
    'coffee',
    'bronze',
    'بني',
    'بنيه',
    'بيج',
    'جملي',
    'قهوه',
    'قهوي',
    'كاكي',
    'برونزي',
  ],
  red: [
    'red',
    'burgundy',
    'maroon',
    'wine',
    'crimson',
    'orange',
    'coral',
    'احمر',
    'حمراء',
    'عنابي',
    'خمري',
    'برتقالي',
    'مرجاني',
  ],
  pink: ['pink', 'rose', 'blush', 'fuchsia', 'magenta', 'وردي', 'ورديه', 'زهري', 'فوشي'],
  yellow: [
    'yellow',
    'gold',
    'golden',
    'mustard',
    'lemon',
    'اصفر',
    'صفراء',
    'ذهبي',
    'ذهبيه',
    'خردلي',
    'ليموني',
  ],
  green: [
    'green',
    'olive',
    'mint',
    'emerald',
    'khaki green',
    'teal',
    'اخضر',
    'خضراء',
    'زيتي',
    'نعناعي',
    'زمردي',
  ],
  blue: [
    'blue',
    'navy',
    'sky',
    'azure',
    'turquoise',
    'cyan',
    'denim',
    'ازرق',
    'زرقاء',
    'كحلي',
    'سماوي',
    'فيروزي',
    'تركواز',
  ],
  purple: ['purple', 'violet', 'lilac', 'lavender', 'plum', 'mauve', 'بنفسجي', 'ليلكي', 'موف', 'خزامي'],
};

const EXACT = new Map<string, BasicColour>();
for (const colour of BASIC_COLOURS) for (const word of WORDS[colour]) EXACT.set(word, colour);

/**
 * The basic colour a product's colour name stands for, or null when it names none (the selector then shows the
 * name as text). Exact names win; otherwise the first known word inside the name ("Dark Navy", "أزرق فاتح").
 */
export function basicColourOf(name: string): BasicColour | null {
  const key = normaliseForSearch(name).replace(/[-_]/g, ' ');
  const exact = EXACT.get(key);
  if (exact) return exact;
  for (const part of key.split(' ')) {
    const match = EXACT.get(part);
    if (match) return match;
  }
  return null;
}
