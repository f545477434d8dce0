-- Orders reserve their stock when they are created and give it back when they are cancelled or their payment
-- fails; a payment that arrives after its stock went elsewhere leaves the order waiting for a refund.
ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_status_check
  CHECK (status IN ('pending', 'paid', 'completed', 'canceled', 'failed', 'refund_due'));
-- true while the order's items are subtracted from products.stock_quantity on its behalf
ALTER TABLE orders ADD COLUMN stock_reserved boolean NOT NULL DEFAULT false;
-- sha256 of the validated request, so an Idempotency-Key reused with another body is refused
ALTER TABLE orders ADD COLUMN request_hash text;
ALTER TABLE products ADD CONSTRAINT products_stock_not_negative CHECK (stock_quantity >= 0);
