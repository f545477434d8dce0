-- A failed order keeps the deadline it was placed with and expires at it, like a pending one (issue 47, finding 2):
-- until then it may be paid again, after it never. Failed orders from before had their deadline cleared: they get a
-- guest's quarter of an hour from their last change.
UPDATE orders SET reserved_until = updated_at + interval '15 minutes' WHERE status = 'failed' AND reserved_until IS NULL;
CREATE INDEX orders_failed_reserved_until_idx ON orders (reserved_until) WHERE status = 'failed';
