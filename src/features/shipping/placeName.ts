import type { Language } from '../../app/events';
import type { PlaceNames } from './shippingSlice';

/** The name in the shopper's language, else the other language's, else the fallback (Kuwait / city). */
export function placeName(
  place: PlaceNames | null | undefined,
  language: Language,
  fallback: string,
): string {
  const own = language === 'ar' ? place?.name_ar : place?.name_en;
  const other = language === 'ar' ? place?.name_en : place?.name_ar;
  return own?.trim() || other?.trim() || fallback;
}
