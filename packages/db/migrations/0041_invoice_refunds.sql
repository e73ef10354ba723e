-- A credit note on a paid invoice (issue 34, decision 1062): the client paid more than the invoice
-- now asks, the issuer owes the difference back and records each refund made (outside the
-- platform, usually a transfer). `refunded_cents` is their sum, moved in the same transaction; the
-- refund owed is computed on read (paid − (TTC − credited) − refunded).
ALTER TABLE invoices ADD COLUMN refunded_cents bigint NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0 AND refunded_cents <= paid_cents);

CREATE TABLE invoice_refunds (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  invoice_id integer NOT NULL REFERENCES invoices (id) ON DELETE RESTRICT,
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  -- The day the money left, as the issuer states it (never in the future).
  refunded_on date NOT NULL,
  recorded_by integer REFERENCES users (id) ON DELETE RESTRICT,
  recorded_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX invoice_refunds_invoice_idx ON invoice_refunds (invoice_id, id);
