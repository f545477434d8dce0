-- The expiry job marks the overdue orders it is working on with a claim of its own, instead of moving their
-- reservation ahead: an order past its reservation stays overdue for everyone else (a new payment start refuses it).
ALTER TABLE orders ADD COLUMN expiry_claimed_until timestamptz;
