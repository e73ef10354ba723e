-- Reports and moderation of conversations (issue 39 §1 and §3, decision 1230 « Reports and
-- moderation »). Owned by the conversations module.
--
-- A member reports a message of the other member: a reason among four kinds and an optional text.
-- One open report per message and reporter (the partial unique index: a second one is a 409); the
-- admin closes it as handled or dismissed. A conversation with at least one report is one the admin
-- may read without being a member.
CREATE TABLE conversation_reports (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  conversation_id integer NOT NULL REFERENCES conversations (id) ON DELETE RESTRICT,
  message_id bigint NOT NULL REFERENCES messages (id) ON DELETE RESTRICT,
  reporter_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  reason text NOT NULL CHECK (reason IN ('abusive', 'spam_fraud', 'personal_data', 'other')),
  details text CHECK (char_length(details) <= 1000),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'handled', 'dismissed')),
  created_at timestamptz NOT NULL,
  closed_at timestamptz,
  closed_by integer REFERENCES users (id) ON DELETE RESTRICT,
  CHECK ((status = 'open') = (closed_at IS NULL))
);
CREATE UNIQUE INDEX conversation_reports_open_idx ON conversation_reports (message_id, reporter_id) WHERE status = 'open';
CREATE INDEX conversation_reports_conversation_idx ON conversation_reports (conversation_id);
-- The admin's list: open ones first, the newest first.
CREATE INDEX conversation_reports_list_idx ON conversation_reports ((status = 'open') DESC, created_at DESC, id DESC);

-- A message hidden by the moderation: the members see « Message masqué par la modération » instead
-- of its text and files (both kept: the admin still reads them, and may show the message again).
ALTER TABLE messages ADD COLUMN hidden_at timestamptz;
ALTER TABLE messages ADD COLUMN hidden_by integer REFERENCES users (id) ON DELETE RESTRICT;
ALTER TABLE messages ADD COLUMN hidden_reason text CHECK (char_length(hidden_reason) <= 1000);

-- A member whose writing the moderation suspended in this conversation: they read, they no longer write.
ALTER TABLE conversation_members ADD COLUMN writing_suspended_at timestamptz;
ALTER TABLE conversation_members ADD COLUMN writing_suspended_by integer REFERENCES users (id) ON DELETE RESTRICT;
ALTER TABLE conversation_members ADD COLUMN writing_suspended_reason text CHECK (char_length(writing_suspended_reason) <= 1000);

-- « Who read what »: one row each time a member's read mark moves forward (never when it stays),
-- so the admin of a reported conversation sees up to which message and when each member read.
CREATE TABLE conversation_read_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  conversation_id integer NOT NULL REFERENCES conversations (id) ON DELETE RESTRICT,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  message_id bigint NOT NULL REFERENCES messages (id) ON DELETE RESTRICT,
  read_at timestamptz NOT NULL
);
CREATE INDEX conversation_read_log_conversation_idx ON conversation_read_log (conversation_id, id);
