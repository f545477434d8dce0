// Who an order belongs to, when that changes: a guest who signs in takes the orders of their guest cart along.
import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { orders } from '../schema';

/**
 * The guest cart's orders become the user's (in the merge's transaction, the guest cart row locked): they show
 * in the user's orders and the user, signed in, can pay and cancel them. The guest cart itself is deleted next, so
 * its token opens nothing any more; the payment links (the gateway's pages and the return page, which asks
 * the gateway) never depended on the token.
 */
export async function moveGuestOrders(db: Db, guestCartId: number, userId: number): Promise<number> {
  const moved = await db
    .update(orders)
    .set({ userId, guestCartId: null, updatedAt: new Date() })
    .where(eq(orders.guestCartId, guestCartId))
    .returning({ id: orders.id });
  return moved.length;
}
