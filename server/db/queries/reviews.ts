// Reviews as staff decide them (the shop's reads and a shopper's new review: db/queries/catalog.ts).
import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { reviews, type ReviewStatus } from '../schema';

/** The review's row under its lock (inside a transaction), or undefined. */
export async function lockReview(db: Db, id: number) {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id)).for('update');
  return row;
}

export async function setReviewStatus(db: Db, id: number, status: ReviewStatus): Promise<void> {
  await db.update(reviews).set({ status }).where(eq(reviews.id, id));
}
