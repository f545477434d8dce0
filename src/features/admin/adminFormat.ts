// How the back office writes amounts, dates and errors.
import type { TFunction } from 'i18next';

import { errorMessage, isNetworkError, statusOf } from '../../app/api';
import type { Language } from '../../app/events';
import { formatDate, formatTime } from '../../lib/dates';
import { formatMoney } from '../../lib/money';

/** The back office counts in the shop's currency. */
export const kwd = (amount: number, language: Language) => formatMoney(amount, 'KWD', language);

/** dd/MM/yyyy HH:mm in the shop's time (the shopper's pages show the same day). */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${formatDate(date)} ${formatTime(date)}`;
}

/** A YYYY-MM-DD day as dd/MM/yyyy (the day itself, whatever the browser's time zone). */
export function formatDay(day: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

const REFUSALS = new Set([
  'not_staff',
  'not_owner',
  'order_not_deliverable',
  'order_not_cancelable',
  'payment_not_refund_due',
  'payment_not_in_review',
  'payment_not_acceptable',
  'order_stock_gone',
  'payment_not_found',
  'owner_role_fixed',
  'user_not_found',
  'reauth_required',
]);

/** The stable word of a refusal (`code` of the error answer), when the server gave one. */
export function refusalCode(error: unknown): string | undefined {
  const data = (error as { data?: { code?: unknown } } | null)?.data;
  return typeof data?.code === 'string' ? data.code : undefined;
}

/** Why a staff action or a load failed, in the staff member's language (never the server's English). */
export function failureText(t: TFunction, error: unknown): string {
  const code = refusalCode(error);
  if (code && REFUSALS.has(code)) return t(`admin.refusals.${code}`);
  if (isNetworkError(error))
    return t(
      statusOf(error) === 'TIMEOUT_ERROR' ? 'common.load_failed.timeout' : 'common.load_failed.offline',
    );
  const status = statusOf(error);
  if (status === 403) return t('admin.refusals.not_staff');
  if (status === 404) return t('admin.common.not_found');
  if (status === 422) return t('admin.common.fields_invalid');
  // A refusal without a word we know: still the staff member's language, the server's words only in the log.
  if (errorMessage(error)) console.warn('Back office refusal:', errorMessage(error));
  return t('admin.common.failed');
}
