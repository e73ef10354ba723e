-- Acrobat Sign webhook notifications received (issue 10, decision 0662): one row per notification
-- id, inserted in the transaction that acts on it, so a notification delivered again changes nothing.
CREATE TABLE acrobat_sign_notifications (
  notification_id text PRIMARY KEY,
  agreement_id text NOT NULL,
  event text NOT NULL,
  received_at timestamptz NOT NULL
);
CREATE INDEX acrobat_sign_notifications_agreement_idx ON acrobat_sign_notifications (agreement_id);
