-- Mail the SMTP server did not take is tried again by a background job, with growing pauses, until it goes or the
-- tries run out. A message carrying a one-time code is not: its reader asks for a new code instead.
ALTER TABLE outbox ADD COLUMN delivery_attempts integer NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN retry_at timestamptz;
CREATE INDEX outbox_retry_idx ON outbox (retry_at) WHERE retry_at IS NOT NULL;
