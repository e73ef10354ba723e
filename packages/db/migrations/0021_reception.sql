-- Réception des travaux, retenue de garantie release and reminders (issue 11, decisions 0720–0722).

-- One réception per validated quote (the contract), recorded by its issuer; its procès-verbal is a
-- signature document (kind 'reception') the client signs. signed_at is set once, in the
-- transaction that completes the signature document, which also moves the project to « Réception ».
CREATE TABLE receptions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  quote_id integer NOT NULL UNIQUE REFERENCES quotes (id) ON DELETE RESTRICT,
  project_id integer NOT NULL REFERENCES projects (id) ON DELETE RESTRICT,
  issuer_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  client_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  reception_date date NOT NULL,
  created_by integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  created_at timestamptz NOT NULL,
  signed_at timestamptz,
  -- The retenue de garantie: released once (by the issuer or an admin), reminded once.
  retention_released_on date,
  retention_released_at timestamptz,
  retention_released_by integer REFERENCES users (id) ON DELETE RESTRICT,
  retention_reminded_at timestamptz
);
CREATE INDEX receptions_project_idx ON receptions (project_id);
CREATE INDEX receptions_issuer_idx ON receptions (issuer_id);
CREATE INDEX receptions_client_idx ON receptions (client_id);
-- The reminder job's scan: signed, not released, not yet reminded.
CREATE INDEX receptions_to_remind_idx ON receptions (reception_date) WHERE signed_at IS NOT NULL AND retention_released_on IS NULL AND retention_reminded_at IS NULL;

-- Reservations (réserves) of a réception, each on a lot of the quote (its 0-based position and its
-- title as printed), with an optional photo in the file storage, lifted (levée) once.
CREATE TABLE reception_reservations (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reception_id integer NOT NULL REFERENCES receptions (id) ON DELETE CASCADE,
  position integer NOT NULL,
  lot_index integer NOT NULL CHECK (lot_index >= 0),
  lot_title text NOT NULL,
  description text NOT NULL,
  photo_key text,
  photo_mime text,
  photo_name text,
  lifted_on date,
  lifted_at timestamptz,
  lifted_by integer REFERENCES users (id) ON DELETE RESTRICT,
  UNIQUE (reception_id, position)
);
CREATE INDEX reception_reservations_open_idx ON reception_reservations (reception_id) WHERE lifted_on IS NULL;

-- A signature document's subject (decision 0720): the record of the module that made it, for
-- kinds other than a quote (a quote keeps quote_id). One document per (kind, subject).
ALTER TABLE signature_documents DROP CONSTRAINT signature_documents_kind_check;
ALTER TABLE signature_documents ADD CONSTRAINT signature_documents_kind_check CHECK (kind IN ('quote', 'contract', 'reception'));
ALTER TABLE signature_documents ADD COLUMN subject_id integer;
ALTER TABLE signature_documents ADD CONSTRAINT signature_documents_subject_check CHECK ((kind = 'reception') = (subject_id IS NOT NULL));
CREATE UNIQUE INDEX signature_documents_subject_idx ON signature_documents (kind, subject_id) WHERE subject_id IS NOT NULL;

-- The retenue released (decision 0721): from that day the withheld amount is payable too.
ALTER TABLE invoices ADD COLUMN retention_released_on date;

-- Payment reminders sent (decision 0722): one row per invoice and step, inserted in the
-- transaction that queues the mail, so a step is mailed once however often the job runs.
CREATE TABLE invoice_reminders (
  invoice_id integer NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
  step text NOT NULL CHECK (step IN ('before-3', 'after-1', 'after-15')),
  sent_at timestamptz NOT NULL,
  PRIMARY KEY (invoice_id, step)
);
-- The reminder job scans unpaid invoices by due date through invoices_due_idx (migration 0018).
