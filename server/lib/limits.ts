/** JSON bodies: far above any form of the shop, far below anything that could hurt. */
export const BODY_LIMIT = 1024 * 1024;
/** Profile pictures. */
export const UPLOAD_LIMIT = 5 * 1024 * 1024;
