-- Tenders (offres, DESIGN §4): one per (project, professional), sent by an admin with a reply
-- deadline and an optional message; answered (accepted / refused with a reason) by the professional.
-- « Retirée » is added for tenders the admin withdraws (admin/supprimer/offre/{id}): the row stays so
-- that a late answer gets a clear 409 instead of a 404.
ALTER TABLE offers DROP CONSTRAINT IF EXISTS offers_status_check;
ALTER TABLE offers ADD CONSTRAINT offers_status_check
  CHECK (status IN ('Disponible', 'Acceptée', 'Refusée', 'Expirée', 'Clôturée', 'Retirée'));

ALTER TABLE offers
  ADD COLUMN reply_deadline timestamptz NOT NULL DEFAULT (now() + interval '7 days'),
  ADD COLUMN admin_message text,
  ADD COLUMN refusal_reason text,
  ADD COLUMN answered_at timestamptz,
  ADD COLUMN closed_at timestamptz,
  ADD COLUMN created_by integer REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN match_score integer;

-- One tender per (project, professional); tenders without a project (legacy rows) are not constrained.
CREATE UNIQUE INDEX offers_project_professional_key ON offers (project_id, professional_id);
-- The professional's lists (available first, newest first) and the admin's filters.
CREATE INDEX offers_professional_created_idx ON offers (professional_id, created_at DESC, id DESC);
CREATE INDEX offers_created_idx ON offers (created_at DESC, id DESC);
CREATE INDEX offers_status_created_idx ON offers (status, created_at DESC, id DESC);
-- The expiry sweep: available tenders by deadline.
CREATE INDEX offers_disponible_deadline_idx ON offers (reply_deadline) WHERE status = 'Disponible';

-- Tender settings: a single row. max_acceptances = how many professionals may accept one project.
CREATE TABLE tender_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  max_acceptances integer NOT NULL DEFAULT 3 CHECK (max_acceptances BETWEEN 1 AND 20),
  default_reply_days integer NOT NULL DEFAULT 7 CHECK (default_reply_days BETWEEN 1 AND 60),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO tender_settings (id) VALUES (true) ON CONFLICT DO NOTHING;
