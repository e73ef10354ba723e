-- The signer's e-mail code (issue 10, decisions 0620–0624): one signing session per quote, for
-- its client. Only an HMAC-SHA256 of the current code is kept, keyed by a random salt renewed with
-- every code; a new code replaces the previous one (hash, salt, expiry, tries).
CREATE TABLE signing_sessions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  quote_id integer NOT NULL UNIQUE REFERENCES quotes (id) ON DELETE RESTRICT,
  signer_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  status text NOT NULL DEFAULT 'code_sent' CHECK (status IN ('code_sent', 'verified', 'locked', 'completed')),
  code_hash text,
  code_salt text,
  code_expires_at timestamptz,
  tries_left integer NOT NULL CHECK (tries_left BETWEEN 0 AND 5),
  verified_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

-- Every code sent, for the resend limits (one a minute, five an hour).
CREATE TABLE signing_code_sends (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  session_id integer NOT NULL REFERENCES signing_sessions (id) ON DELETE CASCADE,
  sent_at timestamptz NOT NULL
);
CREATE INDEX signing_code_sends_session_idx ON signing_code_sends (session_id, sent_at);
