/**
 * A product picture uploaded or imported here is stored once, at most 1200 px wide (the product page's gallery), and
 * is also served narrower for the places that show it small: a card in a grid is ~200 CSS px on a phone, and the
 * 1200 px picture (often 60-150 KB of WebP for a photograph) would share the phone's line with the shop's script.
 * The server draws the copies when it stores a picture, or on a copy's first request for a picture stored before
 * (services/backOffice/pictures, routes/productPictures).
 */
export const PRODUCT_PICTURE_WIDTHS = [200, 400, 800] as const;
/** The stored picture's widest side at most (a smaller upload stays as it came). */
export const STORED_PRODUCT_PICTURE_SIDE = 1200;
export type ProductPictureWidth = (typeof PRODUCT_PICTURE_WIDTHS)[number];

/** A picture this server stored: `/uploads/products/<16 hex>.webp` (services/backOffice/pictures). */
export const STORED_PRODUCT_PICTURE = /^\/uploads\/products\/([0-9a-f]{16})\.webp$/;

/** The address of a stored product picture at one of the widths. */
export function productPictureAt(name: string, width: ProductPictureWidth): string {
  return `/uploads/products/${width}/${name}.webp`;
}

/**
 * The `srcset` of a product picture: the narrower copies of a picture stored here, for the browser to choose from by
 * the slot's `sizes`; none for any other picture (the demo's drawings scale as they are, an address elsewhere has
 * no copies).
 */
export function productPictureSrcSet(
  image: string,
  { withStored = false }: { withStored?: boolean } = {},
): string | undefined {
  const name = STORED_PRODUCT_PICTURE.exec(image)?.[1];
  if (!name) return undefined;
  const copies = PRODUCT_PICTURE_WIDTHS.map((width) => `${productPictureAt(name, width)} ${width}w`);
  // The product page's main picture may be shown as wide as the stored one.
  if (withStored) copies.push(`${image} ${STORED_PRODUCT_PICTURE_SIDE}w`);
  return copies.join(', ');
}
