-- Issue 47, findings 6 and 7.
-- declined: the gateway declined a try on an invoice that still takes money (MyFatoorah: a Failed transaction while
-- the invoice is neither Paid, Canceled nor Expired); the shopper may pay on the same page, so reconciliation keeps
-- following it like a pending one, until the invoice is decided or past payable_until.
-- amount_mismatch: the gateway says paid, but not the order's amount or currency; staff accept it or refund it.
ALTER TABLE payment_attempts DROP CONSTRAINT IF EXISTS payment_attempts_state_check;
ALTER TABLE payment_attempts ADD CONSTRAINT payment_attempts_state_check
  CHECK (state IN ('pending', 'declined', 'paid', 'failed', 'canceled', 'amount_mismatch', 'refund_due', 'refunded'));
-- when the gateway stops taking money for it (MyFatoorah's invoice ExpiryDate); null: not known
ALTER TABLE payment_attempts ADD COLUMN payable_until timestamptz;
DROP INDEX IF EXISTS payment_attempts_open_idx;
CREATE INDEX payment_attempts_open_idx ON payment_attempts (checked_at NULLS FIRST) WHERE state IN ('pending', 'declined');
CREATE INDEX payment_attempts_mismatch_idx ON payment_attempts (order_id) WHERE state = 'amount_mismatch';
