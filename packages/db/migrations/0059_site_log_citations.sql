-- Journal entries cited by other documents (issue 39 §2, decision 1232): an invoice (a situation,
-- a milestone's invoice…) cites entries of its project as its justification, a réception's
-- reservation cites one entry as its photo. The site-log module owns the table; the invoices and
-- reception modules write it through its index, in their own transactions.
CREATE TABLE site_log_citations (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- RESTRICT: a cited entry is evidence twice over (entries are never deleted anyway).
  entry_id integer NOT NULL REFERENCES site_log_entries (id) ON DELETE RESTRICT,
  -- Exactly one citing document.
  invoice_id integer REFERENCES invoices (id) ON DELETE RESTRICT,
  reservation_id integer REFERENCES reception_reservations (id) ON DELETE CASCADE,
  -- What the entry's card prints of the citing document, as it was when cited: an issued invoice's
  -- number and kind never change, nor a reservation's rank on its PV (quote_id: the réception's page).
  invoice_number text,
  invoice_kind text CHECK (invoice_kind IS NULL OR invoice_kind IN ('acompte', 'situation', 'solde')),
  reservation_position integer CHECK (reservation_position IS NULL OR reservation_position >= 0),
  quote_id integer,
  -- The citing document's parties: with the admin, they alone see the citation on the entry.
  issuer_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  client_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (num_nonnulls(invoice_id, reservation_id) = 1),
  CHECK (invoice_id IS NULL OR (invoice_number IS NOT NULL AND invoice_kind IS NOT NULL)),
  CHECK (reservation_id IS NULL OR (reservation_position IS NOT NULL AND quote_id IS NOT NULL)),
  UNIQUE (invoice_id, entry_id),
  -- A reservation's photo is one entry.
  UNIQUE (reservation_id)
);
CREATE INDEX site_log_citations_entry_idx ON site_log_citations (entry_id);
CREATE INDEX site_log_citations_issuer_idx ON site_log_citations (issuer_id);
CREATE INDEX site_log_citations_client_idx ON site_log_citations (client_id);

-- An issued invoice is stored once, as issued (decision 1020): its justification is frozen with it,
-- whatever code path tries. A reservation's photo may change until its PV goes out for signature
-- (the reception module checks that), so its citation is replaced.
CREATE FUNCTION site_log_citations_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.invoice_id IS NOT NULL THEN
    RAISE EXCEPTION 'Le justificatif d’une facture émise ne change plus.' USING ERRCODE = 'check_violation';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;
CREATE TRIGGER site_log_citations_frozen BEFORE UPDATE OR DELETE ON site_log_citations
  FOR EACH ROW EXECUTE FUNCTION site_log_citations_frozen();
