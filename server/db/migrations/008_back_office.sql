-- The back office: who may use it (users.role), what staff did (audit_log), reviews staff turned down, and coupons
-- that take an amount, need a minimum or start later.
ALTER TABLE users ADD COLUMN role text NOT NULL DEFAULT 'shopper'
  CHECK (role IN ('shopper', 'staff', 'owner'));
CREATE INDEX users_staff_idx ON users (role) WHERE role <> 'shopper';

-- One row per staff action: who, what, when, the fields before and after. Rows outlive their actor's account.
CREATE TABLE audit_log (
  id serial PRIMARY KEY,
  actor_id integer REFERENCES users (id) ON DELETE SET NULL,
  -- kept beside the id, so the entry still says who after the account is gone
  actor_name text NOT NULL,
  actor_email text NOT NULL,
  action text NOT NULL,
  subject_type text NOT NULL CHECK (subject_type IN ('order', 'payment', 'review', 'product', 'coupon', 'user')),
  subject_id integer NOT NULL,
  -- the order a payment belongs to, so an order's page shows its payments' entries too
  order_id integer,
  before jsonb,
  after jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_subject_idx ON audit_log (subject_type, subject_id, id);
CREATE INDEX audit_log_order_idx ON audit_log (order_id, id) WHERE order_id IS NOT NULL;

ALTER TABLE reviews DROP CONSTRAINT IF EXISTS reviews_status_check;
ALTER TABLE reviews ADD CONSTRAINT reviews_status_check CHECK (status IN ('approved', 'pending', 'rejected'));
CREATE INDEX reviews_pending_idx ON reviews (created_at, id) WHERE status = 'pending';

-- kind percent: discount is the percent (0..100]; kind amount: discount is KWD off the subtotal.
ALTER TABLE coupons DROP CONSTRAINT IF EXISTS coupons_discount_check;
ALTER TABLE coupons ALTER COLUMN discount TYPE numeric(12, 3);
ALTER TABLE coupons ADD COLUMN kind text NOT NULL DEFAULT 'percent' CHECK (kind IN ('percent', 'amount'));
ALTER TABLE coupons ADD CONSTRAINT coupons_discount_range
  CHECK (discount > 0 AND (kind = 'amount' OR discount <= 100));
ALTER TABLE coupons ADD COLUMN min_total numeric(12, 3) NOT NULL DEFAULT 0 CHECK (min_total >= 0);
ALTER TABLE coupons ADD COLUMN starts_on date;
ALTER TABLE coupons ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();
-- codes are compared case-insensitively
CREATE UNIQUE INDEX coupons_code_upper_key ON coupons (upper(code));

CREATE INDEX orders_status_created_idx ON orders (status, created_at);
CREATE INDEX orders_paid_at_idx ON orders (paid_at) WHERE paid_at IS NOT NULL;
