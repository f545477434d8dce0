-- A new e-mail waits in pending_email until the code mailed to it comes back; until then the account keeps its
-- address (signing in, resets and social linking only ever look at users.email).
ALTER TABLE users ADD COLUMN pending_email text;
ALTER TABLE verification_codes DROP CONSTRAINT IF EXISTS verification_codes_purpose_check;
ALTER TABLE verification_codes ADD CONSTRAINT verification_codes_purpose_check
  CHECK (purpose IN ('verify', 'reset', 'email'));

-- Orders of a deleted account whose contact details are still needed (unpaid, paid and not yet delivered, money
-- to give back) lose them once they settle; the others lose them at once.
ALTER TABLE orders ADD COLUMN erase_contact boolean NOT NULL DEFAULT false;
CREATE INDEX orders_erase_contact_idx ON orders (id) WHERE erase_contact;

-- The outbox keeps codes in clear text: the background jobs delete mail older than OUTBOX_RETENTION_DAYS.
CREATE INDEX outbox_created_idx ON outbox (created_at);
