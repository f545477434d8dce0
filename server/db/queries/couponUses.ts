// The uses of a coupon: the orders that took it and still hold it (services/couponUses.ts says which).
import { and, eq, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client';
import { coupons, orders, users } from '../schema';

/** Order statuses that give a coupon's use back: the order will never be paid. */
export const RELEASED_STATUSES = ['expired', 'canceled'] as const;

const holdsUse = (couponId: number) =>
  and(eq(orders.couponId, couponId), notInArray(orders.status, [...RELEASED_STATUSES]));

/** The coupon row, locked for update: the order transactions using it queue here, so counting them is exact. */
export async function lockCouponRow(db: Db, couponId: number): Promise<void> {
  await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.id, couponId)).for('update');
}

export async function countCouponUses(db: Db, couponId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<string>`count(*)` })
    .from(orders)
    .where(holdsUse(couponId));
  return Number(row?.count ?? 0);
}

/** The uses of each of the coupons (the back office's list). */
export async function couponUseCounts(db: Db, couponIds: number[]): Promise<Map<number, number>> {
  if (couponIds.length === 0) return new Map();
  const rows = await db
    .select({ couponId: orders.couponId, count: sql<string>`count(*)` })
    .from(orders)
    .where(and(inArray(orders.couponId, couponIds), notInArray(orders.status, [...RELEASED_STATUSES])))
    .groupBy(orders.couponId);
  return new Map(rows.map((row) => [row.couponId ?? 0, Number(row.count)]));
}

export interface CouponUseContact {
  userId: number | null;
  contactEmail: string;
  /** the address of the account that placed it (null: a guest's order, or an account erased since) */
  accountEmail: string | null;
  contactPhone: string;
  contactCountryCode: string;
}

/**
 * A mailbox's one spelling in SQL, as services/couponUses.ts `emailKey` writes it: lower case, no `+tag`, and for
 * Gmail no dots and one domain.
 */
const mailboxOf = (column: SQL | typeof orders.contactEmail | typeof users.email) => {
  const address = sql`lower(btrim(${column}))`;
  const local = sql`split_part(split_part(${address}, '@', 1), '+', 1)`;
  const domain = sql`split_part(${address}, '@', 2)`;
  return sql`(CASE WHEN ${domain} IN ('gmail.com', 'googlemail.com')
    THEN replace(${local}, '.', '') || '@gmail.com' ELSE ${local} || '@' || ${domain} END)`;
};

/**
 * The coupon's uses that may be the customer's: the same account, the same e-mail, or a phone that ends in the same
 * seven digits (the caller compares the whole normalised number).
 */
export async function candidateCouponUses(
  db: Db,
  couponId: number,
  who: { userId: number | null; mailboxes: string[]; phoneTail: string },
): Promise<CouponUseContact[]> {
  const matches = [
    ...(who.userId !== null ? [eq(orders.userId, who.userId)] : []),
    ...(who.mailboxes.length > 0
      ? [
          sql`${mailboxOf(orders.contactEmail)} IN (${sql.join(
            who.mailboxes.map((mailbox) => sql`${mailbox}`),
            sql`, `,
          )})`,
          sql`${mailboxOf(users.email)} IN (${sql.join(
            who.mailboxes.map((mailbox) => sql`${mailbox}`),
            sql`, `,
          )})`,
        ]
      : []),
    ...(who.phoneTail
      ? [sql`right(regexp_replace(${orders.contactPhone}, '[^0-9]', '', 'g'), 7) = ${who.phoneTail}`]
      : []),
  ];
  if (matches.length === 0) return [];
  return db
    .select({
      userId: orders.userId,
      contactEmail: orders.contactEmail,
      accountEmail: users.email,
      contactPhone: orders.contactPhone,
      contactCountryCode: orders.contactCountryCode,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(and(holdsUse(couponId), or(...matches)));
}
