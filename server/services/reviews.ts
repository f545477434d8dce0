// Product reviews: anyone reads them; a shopper reviews a product once, after a completed order with it.
import type { Review } from '../../contract/catalog';
import type { Db } from '../db/client';
import {
  approvedReviewRows,
  hasCompletedPurchase,
  hasReviewed,
  insertReview,
  lockReviewOf,
} from '../db/queries/catalog';
import { queueStaffMail } from '../mails/orderMails';
import { parseId } from '../lib/ids';
import { productExists } from '../db/queries/products';
import { Forbidden, Invalid, NotFound } from './errors';
import type { MailService } from './mail';

export const REVIEW_MESSAGES = {
  thanks: 'Thank you! Your review will appear once it is approved.',
  notPurchased: 'You can only review products from your completed orders.',
  already: 'You have already reviewed this product.',
} as const;

/** One product's approved reviews (`productIdText` as sent), or all when it is empty; an impossible id has none. */
export async function listReviews(db: Db, productIdText: string | undefined): Promise<Review[]> {
  let productId: number | undefined;
  if (productIdText !== undefined && productIdText !== '') {
    const parsed = parseId(productIdText);
    if (parsed === null) return [];
    productId = parsed;
  }
  return (await approvedReviewRows(db, productId)).map((row) => ({
    id: row.id,
    product_id: row.productId,
    // The query serves approved reviews only (pending and rejected ones are staff's business).
    status: 'approved' as const,
    rating: row.rating,
    review: row.review,
    user_name: row.userName,
    created_at: row.createdAt.toISOString(),
  }));
}

/**
 * Waits for approval; the author is the signed-in shopper, never a user_id the client sent. The staff who asked to
 * be told are mailed in the same transaction.
 */
export async function addReview(
  db: Db,
  author: { id: number; name: string },
  input: { productId: number; rating: number; review: string },
  notify?: { mail: MailService; now: Date },
): Promise<void> {
  const review = input.review.trim();
  if (!review) throw new Invalid({ review: ['The review field is required.'] });
  if (!(await productExists(db, input.productId))) throw new NotFound('Product not found');
  if (!(await hasCompletedPurchase(db, author.id, input.productId)))
    throw new Forbidden(REVIEW_MESSAGES.notPurchased);
  await db.transaction(async (tx) => {
    await lockReviewOf(tx, author.id, input.productId);
    if (await hasReviewed(tx, author.id, input.productId))
      throw new Invalid({ product_id: [REVIEW_MESSAGES.already] });
    await insertReview(tx, {
      productId: input.productId,
      userId: author.id,
      userName: author.name,
      rating: input.rating,
      review,
      status: 'pending',
    });
    if (notify) {
      await queueStaffMail(
        tx,
        notify.mail,
        {
          event: 'review_waiting',
          productId: input.productId,
          rating: input.rating,
          review,
          author: author.name,
        },
        notify.now,
      );
    }
  });
}
