/** JSON bodies: far above any form of the shop, far below anything that could hurt. */
export const BODY_LIMIT = 1024 * 1024;
/** Profile pictures. */
export const UPLOAD_LIMIT = 5 * 1024 * 1024;
/**
 * Answers smaller than this go uncompressed: a cart line's answer (≈ 1.4 KB) fits a packet or two either way, and
 * compressing it on every request cost a fresh compressor each time (≈ 5 % of the server's CPU under cart load).
 */
export const COMPRESS_THRESHOLD = 2048;
