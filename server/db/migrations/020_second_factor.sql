-- Guessing codes and the back office's second factor (issue 47, finding 5).

-- Wrong guesses per account (or per e-mail address no account has, answered alike): five, then a lockout that
-- doubles with each further one until a right guess. In the database, so every server process sees it.
CREATE TABLE guess_lockouts (
  key text PRIMARY KEY,
  failures integer NOT NULL DEFAULT 0,
  lockouts integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A staff member's or owner's authenticator (TOTP, RFC 6238). confirmed_at is null while enrolment waits for its
-- first code. The secret never leaves the server once enrolment is confirmed.
CREATE TABLE second_factors (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  secret text NOT NULL,
  confirmed_at timestamptz,
  -- the time step of the last code accepted: a code is good once
  last_step bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Ten one-time recovery codes per enrolment, only their HMAC kept.
CREATE TABLE recovery_codes (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz
);
CREATE INDEX recovery_codes_user_idx ON recovery_codes (user_id);

-- A session of an enrolled account is staff-capable once its second step passed (second_factor_at); proven_at is
-- the last time its holder typed the password or a code (sensitive actions ask again after 15 minutes).
ALTER TABLE api_tokens ADD COLUMN second_factor_at timestamptz;
ALTER TABLE api_tokens ADD COLUMN proven_at timestamptz;

-- The shop's own security choices, one row: whether staff must use a second factor as the owner does.
CREATE TABLE shop_security (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  staff_second_factor boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO shop_security (id) VALUES (1);
