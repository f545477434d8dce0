// The cart's lines: listing them with their products and prices, adding (within the stock and the per-order cap),
// changing a quantity, removing, and a guest's first add that opens a new guest cart.
import type { CartItem } from '../../../contract/cart';
import type { Product } from '../../../contract/catalog';
import { databaseErrorOf, type Db } from '../../db/client';
import {
  addLine,
  attributeValuesWithIds,
  cartRows,
  deleteOwnerLinesWithIds,
  productLines,
  setChosenLineQuantity,
  type AttributeKind,
  type CartLine,
} from '../../db/queries/cartLines';
import { deleteGuestCart } from '../../db/queries/guestCarts';
import { convert, shownRate, type Rate } from '../rates';
import { currentProduct, currentProductWithAnswer, loadProducts, type ProductWithResponse } from '../catalog';
import { localized, type Lang } from '../../lib/language';
import type { ProductRow, ValueJson } from '../../db/queries/products';
import { Invalid, NotFound, NotSignedIn, OutOfStock } from '../errors';
import { quantityCapMessage } from '../orders/limits';
import { createGuestCart, type CartOwner } from './owner';

export { cartRows };

type CartRow = CartLine;

/** The attribute values (sizes, colours) the rows chose. */
async function choiceValues(db: Db, rows: Pick<CartRow, 'sizeValueId' | 'colorValueId'>[]) {
  const ids = rows
    .flatMap((row) => [row.sizeValueId, row.colorValueId])
    .filter((id): id is number => id !== null);
  return ids.length > 0 ? await attributeValuesWithIds(db, ids) : [];
}

/** The names of the lines' chosen size and colour, in the language asked for (`of(row)`: the row's pair). */
export async function choiceNames(
  db: Db,
  rows: Pick<CartRow, 'sizeValueId' | 'colorValueId'>[],
  lang: Lang,
): Promise<{
  of: (row: Pick<CartRow, 'sizeValueId' | 'colorValueId'>) => { size: string | null; color: string | null };
}> {
  const values = await choiceValues(db, rows);
  const name = new Map(values.map((value) => [value.id, localized(lang, value.nameEn, value.nameAr)]));
  const nameOf = (id: number | null) => (id === null ? null : (name.get(id) ?? null));
  return { of: (row) => ({ size: nameOf(row.sizeValueId), color: nameOf(row.colorValueId) }) };
}

/** The fields of a cart line its answer is made of. */
type LineRow = Pick<CartRow, 'id' | 'productId' | 'quantity' | 'sizeValueId' | 'colorValueId' | 'currency'>;

/** The name of a chosen size or colour as the product lists it (in the answer's language); null if it left. */
function choiceName(product: Product, valueId: number | null): string | null {
  if (valueId === null) return null;
  for (const attribute of product.attributes)
    for (const value of attribute.sub_attributes) if (value.id === valueId) return value.name;
  return null;
}

/** A line's answer: its product's prices in `rate` when given. */
function itemOf(row: LineRow, product: Product, rate: Rate | null | undefined): CartItem {
  const withPrices: Product = rate
    ? {
        ...product,
        converted_products: {
          currency_code: rate.currencyCode,
          price: convert(product.price, rate),
          discounted_price:
            product.discounted_price === null ? null : convert(product.discounted_price, rate),
        },
      }
    : product;
  return {
    id: row.id,
    product_id: row.productId,
    quantity: row.quantity,
    size: choiceName(product, row.sizeValueId),
    color: choiceName(product, row.colorValueId),
    currency: row.currency,
    product: withPrices,
  };
}

/** Prices are shown in `shownIn` when given (the shopper's currency), else in each line's own currency. */
async function serialize(db: Db, rows: LineRow[], lang: Lang, shownIn?: Rate): Promise<CartItem[]> {
  if (rows.length === 0) return [];
  const productIds = [...new Set(rows.map((row) => row.productId))];
  // A line's size and colour are values of its own product, so the product's attributes name them.
  const [onlyId] = productIds;
  const productList =
    productIds.length === 1 && onlyId !== undefined
      ? [await currentProduct(db, onlyId, lang)].filter((product): product is Product => product !== null)
      : await loadProducts(db, productIds, lang);
  const productById = new Map(productList.map((product) => [product.id, product]));
  const rates = new Map<string, Rate | null>();
  for (const currency of new Set(rows.map((row) => row.currency)))
    rates.set(currency, await shownRate(db, currency));
  return rows.flatMap((row) => {
    const product = productById.get(row.productId);
    return product ? [itemOf(row, product, shownIn ?? rates.get(row.currency))] : [];
  });
}

/** The cart's lines; with a currency code their prices are converted to it, as the catalogue does. */
export async function listCart(
  db: Db,
  owner: CartOwner,
  lang: Lang,
  currencyCode?: string,
): Promise<CartItem[]> {
  let shownIn: Rate | undefined;
  if (currencyCode) {
    const rate = await shownRate(db, currencyCode);
    if (!rate) throw new Invalid({ currency_code: ['The selected currency code is invalid.'] });
    shownIn = rate;
  }
  return serialize(db, await cartRows(db, owner), lang, shownIn);
}

/** A changed line's answer, from its product as read for the change (one query less than serialize). */
async function serializeOne(db: Db, row: LineRow, product: Product): Promise<CartItem> {
  return itemOf(row, product, await shownRate(db, row.currency));
}

type ValueRow = Pick<ValueJson, 'id' | 'kind' | 'nameEn' | 'nameAr'>;

/**
 * The product, all its sizes and colours and its answer, in one query.
 */
async function productWithChoices(db: Db, productId: number, lang: Lang): Promise<ProductWithResponse> {
  const found = await currentProductWithAnswer(db, productId, lang);
  if (!found) throw new NotFound('Product not found');
  return found;
}

/** The sub-attribute a shopper chose: by id, or by its English or Arabic name (case-insensitive). */
function resolveChoice(productValues: ValueRow[], kind: AttributeKind, input: unknown): number | null {
  const values = productValues.filter((value) => value.kind === kind);
  if (values.length === 0) return null;
  const given = typeof input === 'number' ? String(input) : typeof input === 'string' ? input.trim() : '';
  if (given === '') throw new Invalid({ [kind]: [`The ${kind} field is required.`] });
  const wanted = given.toLocaleLowerCase();
  const match = values.find(
    (value) =>
      String(value.id) === given || value.nameEn.toLocaleLowerCase() === wanted || value.nameAr === given,
  );
  if (!match) throw new Invalid({ [kind]: [`The selected ${kind} is invalid.`] });
  return match.id;
}

function overStock(stock: number): OutOfStock {
  return new OutOfStock({
    quantity: [`The quantity may not be greater than the available stock (${stock}).`],
  });
}

function checkStock(product: ProductRow, quantity: number): void {
  if (product.stockQuantity <= 0) throw new OutOfStock({ quantity: ['This product is out of stock.'] });
  if (quantity > product.stockQuantity) throw overStock(product.stockQuantity);
}

export interface AddInput {
  productId: number;
  quantity: number;
  size: unknown;
  color: unknown;
  currency: string;
  /**
   * The most pieces of one product an order may have (config.orderLimits.maxQuantityPerProduct), summed over its
   * sizes and colours: the cart holds no more, so checkout cannot fail late on it. Undefined: no cap.
   */
  maxPerProduct?: number;
}

function overCap(max: number): Invalid {
  return new Invalid({ quantity: [quantityCapMessage(max)] });
}

/** 422 when `quantity` more pieces beside the `others` lines of the product would pass the cap. */
function checkCap(others: CartRow[], quantity: number, max: number): void {
  if (quantity + others.reduce((sum, row) => sum + row.quantity, 0) > max) throw overCap(max);
}

export async function normalizeCurrency(db: Db, currency: unknown): Promise<string> {
  if (currency === undefined || currency === null || currency === '') return 'KWD';
  const rate = typeof currency === 'string' ? await shownRate(db, currency) : null;
  if (!rate) throw new Invalid({ currency: ['The selected currency is invalid.'] });
  return rate.currencyCode;
}

/** Adds a line, or raises the quantity of the same product + size + colour. */
export async function addToCart(db: Db, owner: CartOwner, input: AddInput, lang: Lang): Promise<CartItem> {
  const { row: product, values, answer } = await productWithChoices(db, input.productId, lang);
  const sizeValueId = resolveChoice(values, 'size', input.size);
  const colorValueId = resolveChoice(values, 'color', input.color);
  checkStock(product, input.quantity);
  // The cart is no reservation: a concurrent add may still pass this together with it; checkout counts for good.
  if (input.maxPerProduct !== undefined) {
    if (input.quantity > input.maxPerProduct) throw overCap(input.maxPerProduct);
    checkCap(await productLines(db, owner, product.id), input.quantity, input.maxPerProduct);
  }
  const userId = 'userId' in owner ? owner.userId : null;
  const guestCartId = 'userId' in owner ? null : owner.guestCartId;
  // One statement decides between a new line and a bigger one, so two adds racing for the same line both count
  // (a read-then-insert would let the second trip over the unique index). A bigger line is only written while
  // the summed quantity stays within the stock: otherwise nothing changes and no row comes back. One statement
  // instead of a transaction around it: nothing else holds the connection (PGlite has only one) in between.
  const line = await addLine(
    db,
    {
      userId,
      guestCartId,
      productId: product.id,
      quantity: input.quantity,
      sizeValueId,
      colorValueId,
      currency: input.currency,
    },
    product.stockQuantity,
  ).catch((error: unknown) => {
    // The owner went between its check and this line: a guest cart merged at sign-in or expired, or a deleted
    // account. Its shopper starts again as any signed-out one would.
    if (violatesOwnerReference(error)) throw new NotSignedIn();
    throw error;
  });
  // No row: the line is there already and the sum would outgrow the stock.
  if (!line) throw overStock(product.stockQuantity);
  return serializeOne(db, { ...line, productId: product.id }, answer);
}

function isChoice(value: unknown): boolean {
  return (typeof value === 'string' && value.trim() !== '') || typeof value === 'number';
}

/**
 * The lines narrowed by an optional size/colour (`values`: at least the lines' chosen values). A given choice that
 * matches no line means none: a stale or mistyped choice must never widen into every line of the product.
 */
function choiceLines(
  rows: CartRow[],
  values: Pick<ValueRow, 'id' | 'nameEn' | 'nameAr'>[],
  size: unknown,
  color: unknown,
): CartRow[] {
  if (!isChoice(size) && !isChoice(color)) return rows;
  const named = (id: number | null, wanted: unknown) => {
    if (!isChoice(wanted)) return true;
    const value = values.find((candidate) => candidate.id === id);
    return (
      !!value &&
      [value.nameEn.toLowerCase(), value.nameAr, String(value.id)].includes(
        String(wanted).trim().toLowerCase(),
      )
    );
  };
  return rows.filter((row) => named(row.sizeValueId, size) && named(row.colorValueId, color));
}

/** The product's lines, narrowed by an optional size/colour (see choiceLines). */
async function linesOf(
  db: Db,
  owner: CartOwner,
  productId: number,
  size: unknown,
  color: unknown,
): Promise<CartRow[]> {
  const rows = await productLines(db, owner, productId);
  if (!isChoice(size) && !isChoice(color)) return rows;
  return choiceLines(rows, await choiceValues(db, rows), size, color);
}

/** The ids among a product's values that a shopper's size or colour names (as choiceLines matches them). */
function namedIds(values: Pick<ValueRow, 'id' | 'nameEn' | 'nameAr'>[], wanted: unknown): number[] {
  const given = String(wanted).trim().toLowerCase();
  return values
    .filter((value) => [value.nameEn.toLowerCase(), value.nameAr, String(value.id)].includes(given))
    .map((value) => value.id);
}

function inStock(product: ProductRow, quantity: number): boolean {
  return product.stockQuantity > 0 && quantity <= product.stockQuantity;
}

export async function updateQuantity(
  db: Db,
  owner: CartOwner,
  productId: number,
  input: { quantity: number; size?: unknown; color?: unknown; maxPerProduct?: number },
  lang: Lang,
): Promise<CartItem> {
  const found = await productWithChoices(db, productId, lang).catch((error: unknown) => {
    if (error instanceof NotFound) return null;
    throw error;
  });
  if (!found || !inStock(found.row, input.quantity)) {
    // Refused: in the same order as always, no such line, then no such product, then the stock.
    const rows = await productLines(db, owner, productId);
    const [line] = choiceLines(rows, found?.values ?? [], input.size, input.color);
    if (!line) throw new NotFound('Product not found in cart');
    if (!found) throw new NotFound('Product not found');
    checkStock(found.row, input.quantity);
    throw overStock(found.row.stockQuantity);
  }
  // The line is chosen and changed in one statement, as choiceLines would choose it (a line's size and colour
  // are values of its own product, so the product's values name them).
  const sizeIds = isChoice(input.size) ? namedIds(found.values, input.size) : undefined;
  const colorIds = isChoice(input.color) ? namedIds(found.values, input.color) : undefined;
  if (sizeIds?.length === 0 || colorIds?.length === 0) throw new NotFound('Product not found in cart');
  if (input.maxPerProduct !== undefined) {
    if (input.quantity > input.maxPerProduct) throw overCap(input.maxPerProduct);
    // The line the update changes (chosen as setChosenLineQuantity chooses it) is replaced; the others count.
    const rows = await productLines(db, owner, productId);
    const [chosen] = choiceLines(rows, found.values, input.size, input.color);
    if (!chosen) throw new NotFound('Product not found in cart');
    checkCap(
      rows.filter((row) => row.id !== chosen.id),
      input.quantity,
      input.maxPerProduct,
    );
  }
  const lineOwner =
    'userId' in owner
      ? { userId: owner.userId, guestCartId: 0 }
      : { userId: 0, guestCartId: owner.guestCartId };
  const row = await setChosenLineQuantity(
    db,
    { owner: lineOwner, productId, sizeIds, colorIds },
    input.quantity,
  );
  if (!row) throw new NotFound('Product not found in cart');
  return serializeOne(db, row, found.answer);
}

/** Removes the product's lines (all of them unless size/colour pick one). */
export async function removeProduct(
  db: Db,
  owner: CartOwner,
  productId: number,
  input: { size?: unknown; color?: unknown },
): Promise<void> {
  const lines = await linesOf(db, owner, productId, input.size, input.color);
  if (lines.length === 0) throw new NotFound('Product not found in cart');
  await deleteOwnerLinesWithIds(
    db,
    owner,
    lines.map((line) => line.id),
  );
}

/** The first add of a guest: a new cart with the line, and its token. A refused add leaves no empty cart behind. */
export async function addToNewGuestCart(
  db: Db,
  input: AddInput,
  lang: Lang,
): Promise<{ cartItem: CartItem; token: string }> {
  const created = await createGuestCart(db);
  try {
    const cartItem = await addToCart(db, { guestCartId: created.guestCartId }, input, lang);
    return { cartItem, token: created.token };
  } catch (error) {
    await deleteGuestCart(db, created.guestCartId);
    throw error;
  }
}

/** A foreign-key violation on the cart line's owner (PostgreSQL 23503 on its guest cart or user). */
function violatesOwnerReference(error: unknown): boolean {
  const { code, constraint } = databaseErrorOf(error) ?? {};
  return code === '23503' && typeof constraint === 'string' && /guest_cart_id|user_id/.test(constraint);
}
