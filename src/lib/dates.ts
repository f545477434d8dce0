import { SHOP_UTC_OFFSET_HOURS } from '../../shared/shopClock';

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/*
 * Dates and times show in the shop's time (shared/shopClock.ts) on the server's page and in every browser alike. In
 * the browser's own time zone a page the server rendered would differ wherever the two calendar days differ (a UTC
 * server from midnight to 03:00 in Kuwait, a review posted then, a coupon ending then), and React would render it anew.
 *
 * The shop's wall clock is the UTC clock moved by its fixed offset. Not `Intl.DateTimeFormat`: a browser's first date
 * format loads the locale's and the zone's data, 100–170 ms on a phone (4× CPU) in the hydration of every page that
 * shows a date. `dates.test.ts` checks the offset against the platform's own rules for the shop's zone.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** The instant moved onto the shop's wall clock: read it with the `getUTC…` methods. `null` for an invalid date. */
function shopWallClock(value: string | number | Date): Date | null {
  const time = (value instanceof Date ? value : new Date(value)).getTime();
  // Checked after the move: the last hours before the latest date JavaScript can hold have no wall clock.
  const wall = new Date(time + SHOP_UTC_OFFSET_HOURS * 60 * MINUTE_MS);
  return Number.isNaN(wall.getTime()) ? null : wall;
}

/** Dates show as dd/MM/yyyy (Latin digits in both languages), the calendar day in the shop's time zone. */
export function formatDate(value: string | number | Date): string {
  const wall = shopWallClock(value);
  return wall ? `${pad(wall.getUTCDate())}/${pad(wall.getUTCMonth() + 1)}/${wall.getUTCFullYear()}` : '';
}

/** HH:mm (24 hours) in the shop's time zone. */
export function formatTime(value: string | number | Date): string {
  const wall = shopWallClock(value);
  return wall ? `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}` : '';
}

export function addDays(value: string | number | Date, days: number): Date {
  const date = value instanceof Date ? value : new Date(value);
  return new Date(date.getTime() + days * DAY_MS);
}
