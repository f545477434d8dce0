// The shop's clock: the back office's days (figures, filters) on the server and every date the SPA shows count in
// Kuwait's time, so staff and shoppers read the same day whatever the server's or the browser's own zone.

/** The shop's time zone as the platform names it; the tests check the offset below against the platform's rules. */
export const SHOP_TIME_ZONE = 'Asia/Kuwait';

/** Kuwait keeps UTC+3 all year, with no daylight saving time (so since 1950; local mean time before). */
export const SHOP_UTC_OFFSET_HOURS = 3;
