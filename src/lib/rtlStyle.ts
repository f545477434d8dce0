import type { CSSProperties } from 'react';
import convert from 'rtl-css-js';

/**
 * Inline style objects with physical sides (left/right, translateX, background positions) flipped for Arabic.
 * Logical properties (margin-inline-start …) need nothing; this is for what cannot be logical, e.g. a lens
 * positioned from pointer coordinates.
 */
export function directionalStyle(style: CSSProperties, direction: 'rtl' | 'ltr'): CSSProperties {
  return direction === 'rtl' ? (convert(style as Record<string, unknown>) as CSSProperties) : style;
}
