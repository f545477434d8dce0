// Favourites: a shopper keeps each product once; the list shows products that still exist.
import type { WishlistEntry } from '../../contract/wishlist';
import type { Db } from '../db/client';
import { deleteWishlistRow, insertWishlistRow, wishlistRowId, wishlistRows } from '../db/queries/wishlist';
import { productExists } from '../db/queries/products';
import type { Lang } from '../lib/language';
import { loadProducts } from './catalog';
import { shownRate } from './rates';
import { NotFound } from './errors';

/** Prices in the shopper's currency, as on every other product list; an unknown code keeps KWD. */
export async function listWishlist(
  db: Db,
  userId: number,
  lang: Lang,
  currencyCode: string | undefined,
): Promise<WishlistEntry[]> {
  const rows = await wishlistRows(db, userId);
  if (rows.length === 0) return [];
  const rate = await shownRate(db, currencyCode);
  const list = await loadProducts(
    db,
    rows.map((row) => row.productId),
    lang,
    { rate },
  );
  const byId = new Map(list.map((product) => [product.id, product]));
  return rows.flatMap((row) => {
    const product = byId.get(row.productId);
    return product ? [{ wishlist_id: row.id, product_id: row.productId, product_details: product }] : [];
  });
}

/** `added` is false when the product was already in the list. */
export async function addToWishlist(
  db: Db,
  userId: number,
  productId: number,
): Promise<{ added: boolean; wishlistId: number | undefined }> {
  if (!(await productExists(db, productId))) throw new NotFound('Product not found');
  const created = await insertWishlistRow(db, userId, productId);
  if (created !== null) return { added: true, wishlistId: created };
  return { added: false, wishlistId: await wishlistRowId(db, userId, productId) };
}

export async function removeFromWishlist(db: Db, userId: number, wishlistId: number | null): Promise<void> {
  const deleted = wishlistId !== null && (await deleteWishlistRow(db, userId, wishlistId));
  if (!deleted) throw new NotFound('Wishlist item not found');
}
