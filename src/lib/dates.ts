const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The shop's clock: dates and times show in Kuwait's time on the server's page and in every browser alike. In the
 * browser's own time zone a page the server rendered would differ wherever the two calendar days differ (a UTC server
 * from midnight to 03:00 in Kuwait, a review posted then, a coupon ending then), and React would render it anew.
 */
export const SHOP_TIME_ZONE = 'Asia/Kuwait';

let dayFormat: Intl.DateTimeFormat | null = null;
let timeFormat: Intl.DateTimeFormat | null = null;

const validDate = (value: string | number | Date): Date | null => {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** Dates show as dd/MM/yyyy (Latin digits in both languages), the calendar day in the shop's time zone. */
export function formatDate(value: string | number | Date): string {
  const date = validDate(value);
  if (!date) return '';
  dayFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: SHOP_TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });
  return dayFormat.format(date);
}

/** HH:mm (24 hours) in the shop's time zone. */
export function formatTime(value: string | number | Date): string {
  const date = validDate(value);
  if (!date) return '';
  timeFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: SHOP_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return timeFormat.format(date);
}

export function addDays(value: string | number | Date, days: number): Date {
  const date = value instanceof Date ? value : new Date(value);
  return new Date(date.getTime() + days * DAY_MS);
}
