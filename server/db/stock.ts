// Stock moves of orders. Each subtraction is one conditional UPDATE, so two buyers of the last piece can never
// both get it, and stock never goes below zero (the table also refuses it).
import { and, eq, gte, sql } from 'drizzle-orm';
import { stockWarningFor } from '../lib/stockWarning';
import type { Db } from './client';
import { products } from './schema';

export interface StockNeed {
  productId: number;
  quantity: number;
}

/** Lines of the same product (other sizes or colours) share one stock figure. */
export function totalNeeds(lines: StockNeed[]): StockNeed[] {
  const byProduct = new Map<number, number>();
  for (const line of lines) {
    byProduct.set(line.productId, (byProduct.get(line.productId) ?? 0) + line.quantity);
  }
  // A fixed order keeps two concurrent multi-product orders from locking rows in opposite orders.
  return [...byProduct.entries()]
    .sort(([a], [b]) => a - b)
    .map(([productId, quantity]) => ({ productId, quantity }));
}

async function refreshWarning(db: Db, productId: number, stock: number): Promise<void> {
  const warning = stockWarningFor(stock);
  await db
    .update(products)
    .set({ stockWarningEn: warning?.en ?? null, stockWarningAr: warning?.ar ?? null })
    .where(eq(products.id, productId));
}

/**
 * Takes every need or none: run it inside the transaction that records the order, and throw when it answers
 * the products that fell short, so the transaction rolls the partial subtraction back.
 */
export async function takeStock(db: Db, needs: StockNeed[]): Promise<number[]> {
  const short: number[] = [];
  for (const need of totalNeeds(needs)) {
    const [taken] = await db
      .update(products)
      .set({ stockQuantity: sql`${products.stockQuantity} - ${need.quantity}` })
      .where(and(eq(products.id, need.productId), gte(products.stockQuantity, need.quantity)))
      .returning({ stock: products.stockQuantity });
    if (taken) await refreshWarning(db, need.productId, taken.stock);
    else short.push(need.productId);
  }
  return short;
}

export async function returnStock(db: Db, needs: StockNeed[]): Promise<void> {
  for (const need of totalNeeds(needs)) {
    const [returned] = await db
      .update(products)
      .set({ stockQuantity: sql`${products.stockQuantity} + ${need.quantity}` })
      .where(eq(products.id, need.productId))
      .returning({ stock: products.stockQuantity });
    if (returned) await refreshWarning(db, need.productId, returned.stock);
  }
}

export async function countSold(db: Db, needs: StockNeed[]): Promise<void> {
  for (const need of totalNeeds(needs)) {
    await db
      .update(products)
      .set({ soldCount: sql`${products.soldCount} + ${need.quantity}` })
      .where(eq(products.id, need.productId));
  }
}

/** A paid order cancelled: its pieces are not sold any more (never below zero). One UPDATE per line, in its order. */
export async function uncountSold(db: Db, needs: StockNeed[]): Promise<void> {
  for (const need of needs) {
    await db
      .update(products)
      .set({ soldCount: sql`greatest(${products.soldCount} - ${need.quantity}, 0)` })
      .where(eq(products.id, need.productId));
  }
}
