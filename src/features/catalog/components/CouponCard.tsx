import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useAppSelector } from '../../../app/hooks';
import { formatDate } from '../../../lib/dates';
import { formatMoney } from '../../../lib/money';
import { selectCurrency, selectLanguage } from '../../settings/public';
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

/** Starts later than now: shown, not yet copyable (the server refuses it until its start date, midnight UTC). */
function startsLater(startsOn: string | null | undefined, now: number): boolean {
  return Boolean(startsOn) && Date.parse(`${startsOn ?? ''}T00:00:00Z`) > now;
}

export function CouponCard({ coupon, now }: { coupon: Coupon; now: number }) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const shown = useAppSelector(selectCurrency);
  const expired = isCouponExpired(coupon, now);
  const later = !expired && startsLater(coupon.starts_on, now);
  // An amount coupon's figures are KWD; the server converts them to the shown currency (`converted`).
  const converted = coupon.converted?.currency_code === shown ? coupon.converted : null;
  const money = (kwd: number, inShown: number | undefined) =>
    converted && inShown !== undefined
      ? formatMoney(inShown, shown, language)
      : formatMoney(kwd, 'KWD', language);
  const minTotal = coupon.min_total ?? 0;
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    if (expired || later) return;
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
            {coupon.kind === 'amount'
              ? t('catalog.coupons.amount_off', { amount: money(coupon.discount, converted?.amount) })
              : t('catalog.coupons.discount', { percent: coupon.discount })}
          </span>
          {expired && <span className="badge text-bg-secondary">{t('catalog.coupons.expired')}</span>}
          {later && (
            <span className="badge text-bg-info">
              {t('catalog.coupons.starts', { date: formatDate(coupon.starts_on ?? '') })}
            </span>
          )}
        </div>
        <code className="coupon-card__code fs-5 text-body" dir="ltr">
          {coupon.code}
        </code>
        <span className="small text-body-secondary">
          {t('catalog.coupons.valid_until', { date: formatDate(coupon.end_date) })}
        </span>
        {minTotal > 0 && (
          <span className="small text-body-secondary">
            {t('catalog.coupons.minimum', { amount: money(minTotal, converted?.min_total) })}
          </span>
        )}
        <button
          type="button"
          className={`btn btn-sm mt-auto ${copied ? 'btn-success' : 'btn-outline-primary'}`}
          disabled={expired || later}
          onClick={() => void copy()}
          aria-live="polite"
        >
          {copied ? t('catalog.coupons.copied') : t('catalog.coupons.copy')}
        </button>
      </div>
    </article>
  );
}
