// Staff and reviews: the queue by status, and approving or rejecting one under its lock.
import type { AdminReview, AdminReviewsQuery, AdminReviewsResponse } from '../../../contract/admin';
import type { Db } from '../../db/client';
import { reviewListRows, reviewRow } from '../../db/queries/backOffice';
import { lockReview, setReviewStatus } from '../../db/queries/reviews';
import { foundById } from '../../lib/ids';
import { NotFound } from '../errors';
import { auditOf, auditOfMany, writeAudit, type Actor } from './audit';
import { CATALOG_MESSAGES, type CatalogDeps } from './catalog';
import { pageOf } from './paging';

type ReviewJoin = NonNullable<Awaited<ReturnType<typeof reviewRow>>>;

function reviewJson(row: ReviewJoin, audit: AdminReview['audit']): AdminReview {
  return {
    id: row.review.id,
    product_id: row.review.productId,
    product_name: { en: row.nameEn, ar: row.nameAr },
    user_name: row.review.userName,
    rating: row.review.rating,
    review: row.review.review,
    status: row.review.status,
    created_at: row.review.createdAt.toISOString(),
    audit,
  };
}

export async function listReviewsForStaff(db: Db, query: AdminReviewsQuery): Promise<AdminReviewsResponse> {
  const page = pageOf(query);
  const { rows, total } = await reviewListRows(
    db,
    query.status ?? 'pending',
    query.sort ?? 'created_at',
    query.dir ?? 'asc',
    page,
  );
  const audits = await auditOfMany(
    db,
    'review',
    rows.map((row) => row.review.id),
  );
  return {
    data: rows.map((row) => reviewJson(row, audits.get(row.review.id) ?? [])),
    page: page.page,
    per_page: page.perPage,
    total,
  };
}

/** Approve or reject; the same decision again changes nothing. An approved review counts at once. */
export async function decideReview(
  deps: CatalogDeps,
  actor: Actor,
  idText: string,
  decision: 'approved' | 'rejected',
): Promise<{ message: string; review: AdminReview }> {
  const { db, now } = deps;
  const found = await foundById(idText, (id) => reviewRow(db, id), 'Review not found');
  const changed = await db.transaction(async (tx) => {
    const locked = await lockReview(tx, found.review.id);
    if (!locked) throw new NotFound('Review not found');
    if (locked.status === decision) return false;
    await setReviewStatus(tx, locked.id, decision);
    await writeAudit(
      tx,
      actor,
      {
        action: decision === 'approved' ? 'review.approved' : 'review.rejected',
        subjectType: 'review',
        subjectId: locked.id,
        before: { status: locked.status },
        after: { status: decision },
      },
      now,
    );
    return true;
  });
  if (changed) deps.changed();
  const row = await reviewRow(db, found.review.id);
  if (!row) throw new NotFound('Review not found');
  return {
    message: !changed
      ? CATALOG_MESSAGES.unchanged
      : decision === 'approved'
        ? CATALOG_MESSAGES.approved
        : CATALOG_MESSAGES.rejected,
    review: reviewJson(row, await auditOf(db, 'review', row.review.id)),
  };
}
