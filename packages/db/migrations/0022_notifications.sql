-- Notifications (issue 12, decisions 0800–0803): the notification centre, each user's language
-- for e-mails, and each user's e-mail choices per kind of notification.

-- The language the user reads the app and their e-mails in (the web saves it when they switch).
ALTER TABLE users ADD COLUMN language text NOT NULL DEFAULT 'fr' CHECK (language IN ('fr', 'en', 'ar'));

-- One row per event a user should hear of. The text is rendered from kind + params in the reader's
-- language (web locales, API mail messages); link is a path inside the web app.
CREATE TABLE notifications (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  params jsonb NOT NULL DEFAULT '{}'::jsonb,
  link text,
  created_at timestamptz NOT NULL,
  read_at timestamptz
);
-- The centre's list (newest first) and the unread count.
CREATE INDEX notifications_user_created_idx ON notifications (user_id, created_at DESC, id DESC);
CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL;

-- E-mail choices: a row only for a kind the user changed (no row = the e-mail goes). Legal kinds
-- (invoices, signature) are mailed whatever the row says.
CREATE TABLE notification_preferences (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  email boolean NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, kind)
);

-- Quotes whose client was told once that the validity ends soon (the daily sweep).
CREATE TABLE quote_expiry_reminders (
  quote_id integer PRIMARY KEY REFERENCES quotes (id) ON DELETE CASCADE,
  reminded_at timestamptz NOT NULL
);
