import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

import './ui.css';

export function SkeletonBox({ className, style }: { className?: string; style?: CSSProperties }) {
  return <div className={`skeleton-box ${className ?? ''}`} style={style} aria-hidden="true" />;
}

/** A figure of a summary not known yet: a bar where it goes, and in words for a screen reader. */
export function PendingFigure({ label }: { label: string }) {
  return (
    <span className="d-inline-flex align-items-center">
      <SkeletonBox style={{ blockSize: '1em', inlineSize: '4em', display: 'inline-block' }} />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

export function SkeletonCard() {
  return (
    <div className="card product-card" aria-hidden="true">
      <SkeletonBox style={{ aspectRatio: '1 / 1' }} />
      <div className="card-body">
        <SkeletonBox className="mb-2" style={{ blockSize: '1rem', inlineSize: '90%' }} />
        <SkeletonBox className="mb-2" style={{ blockSize: '1rem', inlineSize: '60%' }} />
        <SkeletonBox style={{ blockSize: '1.25rem', inlineSize: '40%' }} />
      </div>
    </div>
  );
}

/** A grid of placeholder cards while a product list loads (3, 4, 5, 6 or 8 cards, as the list it stands for). */
export function SkeletonGrid({ count, variant }: { count: number; variant?: 'home' }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" data-testid="skeleton-grid">
      <span className="visually-hidden">{t('common.loading')}</span>
      <ul className={`product-grid${variant === 'home' ? ' product-grid--home' : ''}`}>
        {Array.from({ length: count }, (_, index) => (
          <li key={index}>
            <SkeletonCard />
          </li>
        ))}
      </ul>
    </div>
  );
}
