import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { formatDate } from '../../../lib/dates';
import type { Coupon } from '../types';

export const COPIED_MS = 2000;

/** Expired when the end date is past or the coupon is inactive (is_active other than 1). */
export function isCouponExpired(coupon: Pick<Coupon, 'is_active' | 'end_date'>, now: number): boolean {
  if (Number(coupon.is_active) !== 1) return true;
  const end = Date.parse(coupon.end_date);
  if (Number.isNaN(end)) return true;
  // A date-only end_date reads as midnight UTC of that day, exactly as the server's checkout reads it
  // (server/services/pricing.ts), so a code shown as copyable is never refused at checkout.
  return end <= now;
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function CouponCard({ coupon, now }: { coupon: Coupon; now: number }) {
  const { t } = useTranslation();
  const expired = isCouponExpired(coupon, now);
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    if (expired) return;
    if (!(await copyText(coupon.code))) return;
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  };

  return (
    <article
      className={`card coupon-card h-100${expired ? ' coupon-card--expired' : ''}`}
      data-testid="coupon-card"
      aria-label={t('catalog.coupons.card_label', { code: coupon.code })}
    >
      <div className="card-body d-flex flex-column gap-2">
        <div className="d-flex justify-content-between align-items-start gap-2">
          <span className="h4 mb-0 text-primary">
            {t('catalog.coupons.discount', { percent: coupon.discount })}
          </span>
          {expired && <span className="badge text-bg-secondary">{t('catalog.coupons.expired')}</span>}
        </div>
        <code className="coupon-card__code fs-5 text-body" dir="ltr">
          {coupon.code}
        </code>
        <span className="small text-body-secondary">
          {t('catalog.coupons.valid_until', { date: formatDate(coupon.end_date) })}
        </span>
        <button
          type="button"
          className={`btn btn-sm mt-auto ${copied ? 'btn-success' : 'btn-outline-primary'}`}
          disabled={expired}
          onClick={() => void copy()}
          aria-live="polite"
        >
          {copied ? t('catalog.coupons.copied') : t('catalog.coupons.copy')}
        </button>
      </div>
    </article>
  );
}
