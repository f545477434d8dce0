import type { TFunction } from 'i18next';

import './ui.css';

const STARS = '★★★★★';

/**
 * Read-only stars with fractional fill (4.5 shows four and a half). The caller's `t`: a card grid translates once
 * for all its cards instead of once per star row.
 */
export function StarRating({ value, className, t }: { value: number; className?: string; t: TFunction }) {
  const clamped = Math.min(5, Math.max(0, Number.isFinite(value) ? value : 0));
  const label = t('catalog.ui.rated', { rating: clamped.toFixed(1) });
  return (
    <span className={`star-rating ${className ?? ''}`} role="img" aria-label={label} title={label}>
      <span aria-hidden="true">{STARS}</span>
      <span
        className="star-rating__fill"
        style={{ inlineSize: `${(clamped / 5) * 100}%` }}
        aria-hidden="true"
      >
        {STARS}
      </span>
    </span>
  );
}
