// The sandbox gateway's payments (`sandbox_payments`): made by execute, decided once on the hosted page.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { sandboxPayments, type SandboxPaymentStatus } from '../schema';

export type { SandboxPaymentStatus };
export type SandboxPaymentRow = typeof sandboxPayments.$inferSelect;

export async function insertSandboxPayment(
  db: Db,
  payment: typeof sandboxPayments.$inferInsert,
): Promise<void> {
  await db.insert(sandboxPayments).values(payment);
}

export async function findSandboxPayment(db: Db, paymentId: string): Promise<SandboxPaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(sandboxPayments)
    .where(eq(sandboxPayments.paymentId, paymentId))
    .limit(1);
  return row;
}

/** One conditional update: a pending payment gets its outcome, a decided one stays as it is. */
export async function decidePendingSandboxPayment(
  db: Db,
  paymentId: string,
  status: Exclude<SandboxPaymentStatus, 'pending'>,
  decidedAt: Date,
): Promise<void> {
  await db
    .update(sandboxPayments)
    .set({ status, decidedAt })
    .where(and(eq(sandboxPayments.paymentId, paymentId), eq(sandboxPayments.status, 'pending')));
}
