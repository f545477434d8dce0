-- Every payment attempt of an order, so a second payment is never lost: the reconciliation job follows each attempt
-- that is not final, and money received for an order that no longer takes it becomes a refund record (refund_due).
CREATE TABLE payment_attempts (
  id serial PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  gateway text NOT NULL CHECK (gateway IN ('sandbox', 'myfatoorah')),
  gateway_payment_id text NOT NULL,
  invoice_id text,
  -- asked for while pending; what the gateway says it received once paid (the sum to give back when refund_due)
  amount numeric(12, 3) NOT NULL,
  currency text NOT NULL,
  state text NOT NULL DEFAULT 'pending'
    CHECK (state IN ('pending', 'paid', 'failed', 'canceled', 'refund_due', 'refunded')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- when the reconciliation job last asked the gateway about it
  checked_at timestamptz,
  refunded_at timestamptz,
  refunded_by integer REFERENCES users (id) ON DELETE SET NULL,
  UNIQUE (gateway, gateway_payment_id)
);
CREATE INDEX payment_attempts_order_idx ON payment_attempts (order_id, id);
CREATE INDEX payment_attempts_open_idx ON payment_attempts (checked_at NULLS FIRST) WHERE state = 'pending';
CREATE INDEX payment_attempts_refund_idx ON payment_attempts (order_id) WHERE state = 'refund_due';

-- A sandbox payment the shop gave up on (a newer attempt replaced it) can no longer be paid on the hosted page.
ALTER TABLE sandbox_payments DROP CONSTRAINT IF EXISTS sandbox_payments_status_check;
ALTER TABLE sandbox_payments ADD CONSTRAINT sandbox_payments_status_check
  CHECK (status IN ('pending', 'paid', 'failed', 'canceled'));

-- History: every sandbox payment of an order (the sandbox kept them all, so earlier attempts are found too). A paid
-- one that is not the payment the order settled with is money the shop never accounted for: refund_due.
INSERT INTO payment_attempts
  (order_id, gateway, gateway_payment_id, invoice_id, amount, currency, state, created_at, updated_at)
SELECT sp.order_id, 'sandbox', sp.payment_id, sp.invoice_id, sp.amount, sp.currency,
  CASE
    WHEN sp.status = 'failed' THEN 'failed'
    WHEN sp.status = 'pending' THEN 'pending'
    WHEN o.payment_id = sp.payment_id AND o.status IN ('paid', 'completed') THEN 'paid'
    ELSE 'refund_due'
  END,
  sp.created_at, COALESCE(sp.decided_at, sp.created_at)
FROM sandbox_payments sp
JOIN orders o ON o.id = sp.order_id;

-- The latest payment of orders paid through another gateway (MyFatoorah keeps the history on its side).
INSERT INTO payment_attempts
  (order_id, gateway, gateway_payment_id, invoice_id, amount, currency, state, created_at, updated_at)
SELECT o.id, 'myfatoorah', o.payment_id, o.payment_id, o.total_price, o.currency,
  CASE
    WHEN o.status IN ('paid', 'completed') THEN 'paid'
    WHEN o.status = 'refund_due' THEN 'refund_due'
    WHEN o.status = 'failed' THEN 'failed'
    ELSE 'pending'
  END,
  o.created_at, o.updated_at
FROM orders o
WHERE o.payment_id IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM sandbox_payments sp WHERE sp.payment_id = o.payment_id);
