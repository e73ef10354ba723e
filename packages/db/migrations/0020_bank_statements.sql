-- Bank transfers (issue 11, decision 0731): what a transfer payment (payments.method = 'virement')
-- carries besides the payment itself, and the bank statements the admin imports to match them.

-- One row per transfer payment: the day the client says it was made (declaration), the day it was
-- received (confirmation), and the statement line it was matched with, if any.
CREATE TABLE bank_transfers (
  payment_id integer PRIMARY KEY REFERENCES payments (id) ON DELETE RESTRICT,
  declared_on date,
  received_on date,
  statement_line_id integer
);

-- A statement file imported by an admin (CSV export or CAMT.053), kept as parsed lines.
CREATE TABLE bank_statements (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  format text NOT NULL CHECK (format IN ('csv', 'camt053')),
  file_name text NOT NULL,
  file_sha256 text NOT NULL,
  line_count integer NOT NULL,
  imported_by integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  imported_at timestamptz NOT NULL
);

-- The credit lines of a statement. line_hash identifies the bank's line whatever file it came in
-- (date, amount, label, reference, the bank's own entry reference, and its rank among identical
-- lines of the file), so importing the same line again finds it: such a line is stored as
-- 'doublon' and never proposed, and at most one line of a hash is ever matched to a payment
-- (unique index below), even when two admins confirm at the same time.
CREATE TABLE bank_statement_lines (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  statement_id integer NOT NULL REFERENCES bank_statements (id) ON DELETE RESTRICT,
  line_hash text NOT NULL,
  booked_on date NOT NULL,
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  label text NOT NULL,
  reference text,
  status text NOT NULL CHECK (status IN ('a_traiter', 'rapprochee', 'ignoree', 'doublon')),
  proposed_invoice_id integer REFERENCES invoices (id) ON DELETE RESTRICT,
  confidence text CHECK (confidence IN ('reference', 'montant_nom', 'montant')),
  payment_id integer REFERENCES payments (id) ON DELETE RESTRICT,
  decided_by integer REFERENCES users (id) ON DELETE RESTRICT,
  decided_at timestamptz
);
CREATE INDEX bank_statement_lines_statement_idx ON bank_statement_lines (statement_id, id);
CREATE INDEX bank_statement_lines_hash_idx ON bank_statement_lines (line_hash);
CREATE INDEX bank_statement_lines_open_idx ON bank_statement_lines (id) WHERE status = 'a_traiter';
CREATE UNIQUE INDEX bank_statement_lines_paid_once ON bank_statement_lines (line_hash) WHERE payment_id IS NOT NULL;
ALTER TABLE bank_transfers ADD CONSTRAINT bank_transfers_line_fk FOREIGN KEY (statement_line_id) REFERENCES bank_statement_lines (id) ON DELETE RESTRICT;
