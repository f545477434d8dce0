// Drizzle mirror of migrations/006_payment_attempts.sql; the SQL file is the source of truth for the database.
import { integer, numeric, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { orders } from './shop';

export const GATEWAY_NAMES = ['sandbox', 'myfatoorah'] as const;
export type GatewayName = (typeof GATEWAY_NAMES)[number];

/**
 * pending: the gateway may still take money. paid: it settled the order. failed / canceled: no money, final.
 * refund_due: money came in for an order that could not take it (already paid by another attempt, cancelled,
 * expired with its stock gone); refunded: staff gave it back.
 */
export const ATTEMPT_STATES = ['pending', 'paid', 'failed', 'canceled', 'refund_due', 'refunded'] as const;
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
    refundedAt: at('refunded_at'),
    refundedBy: integer('refunded_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [unique().on(table.gateway, table.gatewayPaymentId)],
);
