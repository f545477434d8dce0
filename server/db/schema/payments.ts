// Drizzle mirror of migrations/006_payment_attempts.sql; the SQL file is the source of truth for the database.
import { integer, numeric, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { PAYMENT_STATES } from '../../../contract/admin';
import { users } from './accounts';
import { orders } from './shop';

export const GATEWAY_NAMES = ['sandbox', 'myfatoorah'] as const;
export type GatewayName = (typeof GATEWAY_NAMES)[number];

/**
 * pending: the gateway may still take money. declined: a try was declined but the gateway still takes money for it
 * (the shopper may pay on the same page): followed like pending. paid: it settled the order. failed / canceled: no
 * money, final. amount_mismatch: the gateway says paid, but not the order's amount or currency: staff accept it or
 * refund it. refund_due: money came in for an order that could not take it (already paid by another attempt,
 * cancelled, expired with its stock gone); refunded: staff gave it back.
 */
// The states are the ones staff read on an order (contract/admin PAYMENT_STATES): one list for the wire and the table.
export const ATTEMPT_STATES = PAYMENT_STATES;
/** The states the gateway may still change: reconciliation keeps asking about them. */
export const OPEN_ATTEMPT_STATES: readonly AttemptState[] = ['pending', 'declined'];
export type AttemptState = (typeof ATTEMPT_STATES)[number];

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    gateway: text('gateway').$type<GatewayName>().notNull(),
    gatewayPaymentId: text('gateway_payment_id').notNull(),
    invoiceId: text('invoice_id'),
    amount: numeric('amount', { precision: 12, scale: 3, mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    state: text('state').$type<AttemptState>().notNull().default('pending'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    checkedAt: at('checked_at'),
    /** when the gateway stops taking money for it (MyFatoorah's invoice expiry); null: not known */
    payableUntil: at('payable_until'),
    refundedAt: at('refunded_at'),
    refundedBy: integer('refunded_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [unique().on(table.gateway, table.gatewayPaymentId)],
);
