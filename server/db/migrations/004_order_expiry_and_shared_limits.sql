-- Unpaid orders hold their stock only until reserved_until; a job expires them and puts the pieces back on sale.
ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_status_check
  CHECK (status IN ('pending', 'paid', 'completed', 'canceled', 'failed', 'refund_due', 'expired'));
ALTER TABLE orders ADD COLUMN reserved_until timestamptz;
-- when the reconciliation job last asked the gateway about this order's payment
ALTER TABLE orders ADD COLUMN payment_checked_at timestamptz;
UPDATE orders SET reserved_until = created_at + interval '30 minutes' WHERE stock_reserved AND status = 'pending';
CREATE INDEX orders_reserved_until_idx ON orders (reserved_until) WHERE status = 'pending';
CREATE INDEX orders_payment_check_idx ON orders (payment_checked_at) WHERE payment_id IS NOT NULL;

-- Rate-limit counters shared by every server process on this database (fixed windows).
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  window_ends_at timestamptz NOT NULL
);
CREATE INDEX rate_limits_window_idx ON rate_limits (window_ends_at);
