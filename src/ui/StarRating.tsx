import { useTranslation } from 'react-i18next';

import './ui.css';

const STARS = '★★★★★';

/** Read-only stars with fractional fill (4.5 shows four and a half). */
export function StarRating({ value, className }: { value: number; className?: string }) {
  const { t } = useTranslation();
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
