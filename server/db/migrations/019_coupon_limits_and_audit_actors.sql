-- Issue 47, findings 3 and 4: coupons with usage limits and an explicit "may make an order free", the coupon an
-- order used kept by id, and audit entries that keep their actor's id after the account is gone.

-- NULL: no limit. A use is an order that took the coupon and is not expired or cancelled (services/couponUses.ts).
ALTER TABLE coupons ADD COLUMN usage_limit integer CHECK (usage_limit IS NULL OR usage_limit > 0);
ALTER TABLE coupons ADD COLUMN per_customer_limit integer CHECK (per_customer_limit IS NULL OR per_customer_limit > 0);
-- Staff confirmed that the coupon may take an order's goods to nothing (a 100 % coupon, or an amount coupon whose
-- amount reaches its own minimum). Coupons that could already do so keep doing so: switching them off silently would
-- change prices shoppers were promised.
ALTER TABLE coupons ADD COLUMN allows_free_orders boolean NOT NULL DEFAULT false;
UPDATE coupons SET allows_free_orders = true
  WHERE (kind = 'percent' AND discount >= 100) OR (kind = 'amount' AND discount >= min_total);

-- The coupon an order used, by id (its code may be renamed); counted per coupon under the coupon's row lock.
ALTER TABLE orders ADD COLUMN coupon_id integer REFERENCES coupons (id) ON DELETE SET NULL;
UPDATE orders SET coupon_id = c.id FROM coupons c
  WHERE orders.coupon_code IS NOT NULL AND upper(orders.coupon_code) = upper(c.code);
CREATE INDEX orders_coupon_idx ON orders (coupon_id) WHERE coupon_id IS NOT NULL;

-- The actor's id stays on the entry for good (with the name and e-mail of that moment); deleting the account must
-- not empty it.
ALTER TABLE audit_log DROP CONSTRAINT IF EXISTS audit_log_actor_id_fkey;
