-- Unpaid orders are limited per client address as well as per owner: each order remembers the address it was
-- placed from (as a sha256, never in clear: only equality is needed, to count).
ALTER TABLE orders ADD COLUMN client_address_hash text;
CREATE INDEX orders_pending_address_idx ON orders (client_address_hash) WHERE status = 'pending';
CREATE INDEX orders_pending_guest_idx ON orders (guest_cart_id) WHERE status = 'pending';
