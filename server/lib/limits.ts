/** JSON bodies: far above any form of the shop, far below anything that could hurt. */
export const BODY_LIMIT = 1024 * 1024;
/** Profile pictures. */
export const UPLOAD_LIMIT = 5 * 1024 * 1024;
/**
 * The largest amount a client may send: money columns are numeric(12,3) (below 1e9), and 1e8 leaves room for a
 * service charge on top.
 */
export const MAX_AMOUNT = 100_000_000;
