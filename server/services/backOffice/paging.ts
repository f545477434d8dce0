// Paging and date filters of the back office's lists, from the query as sent (the contract checked their form).
import { SHOP_UTC_OFFSET_HOURS } from '../../../shared/shopClock';
import type { Page } from '../../db/queries/backOffice';
import { Invalid } from '../errors';

export const DEFAULT_PER_PAGE = 20;

export function pageOf(query: { page?: string; per_page?: string }): Page {
  const page = query.page ? Number(query.page.trim()) : 1;
  const perPage = query.per_page ? Number(query.per_page.trim()) : DEFAULT_PER_PAGE;
  return { page, perPage };
}

/** The days the back office accepts (coupon dates, list filters): anything outside is a typo, not a plan. */
export const FIRST_DAY = '1970-01-01';
export const LAST_DAY = '2999-12-31';

/** Why a YYYY-MM-DD day is refused (a day that does not exist, or one outside FIRST_DAY..LAST_DAY), or null. */
export function dayProblem(day: string, field: string): string | null {
  const label = field.replace(/_/g, ' ');
  const parsed = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day)
    return `The ${label} field must be a valid date.`;
  if (day < FIRST_DAY || day > LAST_DAY)
    return `The ${label} field must be a date between ${FIRST_DAY} and ${LAST_DAY}.`;
  return null;
}

/** The start of a shop day (YYYY-MM-DD, Kuwait time) as a moment; an impossible or out-of-range date is Invalid. */
export function shopDayStart(day: string, field: string): Date {
  const problem = dayProblem(day, field);
  if (problem) throw new Invalid({ [field]: [problem] });
  const [year, month, date] = day.split('-').map(Number);
  const moment = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, date ?? 1, -SHOP_UTC_OFFSET_HOURS));
  const check = new Date(moment.getTime() + SHOP_UTC_OFFSET_HOURS * 3_600_000);
  if (
    Number.isNaN(moment.getTime()) ||
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() + 1 !== month ||
    check.getUTCDate() !== date
  ) {
    throw new Invalid({ [field]: [`The ${field} field must be a valid date.`] });
  }
  return moment;
}

/** The shop day (YYYY-MM-DD) a moment falls on. */
export function shopDayOf(moment: Date): string {
  return new Date(moment.getTime() + SHOP_UTC_OFFSET_HOURS * 3_600_000).toISOString().slice(0, 10);
}

export const DAY_MS = 86_400_000;
