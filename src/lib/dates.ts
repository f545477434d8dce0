const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The shop's clock: dates and times show in Kuwait's time on the server's page and in every browser alike. In the
 * browser's own time zone a page the server rendered would differ wherever the two calendar days differ (a UTC server
 * from midnight to 03:00 in Kuwait, a review posted then, a coupon ending then), and React would render it anew.
 */
export const SHOP_TIME_ZONE = 'Asia/Kuwait';

/** A formatter in the shop's time zone, made on first use; an invalid date formats as an empty text. */
function inShopTime(options: Intl.DateTimeFormatOptions): (value: string | number | Date) => string {
  let format: Intl.DateTimeFormat | null = null;
  return (value) => {
    const date = value instanceof Date ? value : new Date(value);
    if (Number.isNaN(date.getTime())) return '';
    format ??= new Intl.DateTimeFormat('en-GB', { timeZone: SHOP_TIME_ZONE, ...options });
    return format.format(date);
  };
}

/** Dates show as dd/MM/yyyy (Latin digits in both languages), the calendar day in the shop's time zone. */
export const formatDate = inShopTime({ day: '2-digit', month: '2-digit', year: 'numeric' });

/** HH:mm (24 hours) in the shop's time zone. */
export const formatTime = inShopTime({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

export function addDays(value: string | number | Date, days: number): Date {
  const date = value instanceof Date ? value : new Date(value);
  return new Date(date.getTime() + days * DAY_MS);
}
