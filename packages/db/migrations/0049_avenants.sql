-- Avenants (change orders) on a validated quote (issue 38 §1, decision 1220). The architect drafts an
-- avenant (lines added to the contract's lots or new lots, lines removed or reduced with a negative
-- quantity, a changed delay), sends it — its number `D-2026-0005-A1` is taken then, per quote and
-- without gaps, under the quote's lock — and the client signs it through the signature module (a
-- signature document of kind 'avenant') or refuses it with a reason. Only a signed avenant changes
-- the contract; a consumer may withdraw from it like from a quote (status « Rétracté »).
CREATE TABLE avenants (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  quote_id integer NOT NULL REFERENCES quotes (id) ON DELETE RESTRICT,
  project_id integer NOT NULL REFERENCES projects (id) ON DELETE RESTRICT,
  issuer_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  client_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  status text NOT NULL DEFAULT 'Brouillon' CHECK (status IN ('Brouillon', 'Envoyé', 'Signé', 'Refusé', 'Rétracté')),
  -- The per-quote sequence (1, 2…) and the number printed, both taken when it is sent.
  sequence integer CHECK (sequence >= 1),
  number text,
  title text NOT NULL,
  -- Why the contract changes (printed) and the change of the works' delay in days (may be negative).
  reason text NOT NULL DEFAULT '',
  delay_days integer,
  -- The avenant's lots as typed: [{ lotIndex: number|null, title, lines: [{ designation, quantityMilli, unit, unitPriceCents, tvaRateBp, discountBp }] }].
  lots jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  sent_at timestamptz,
  signed_at timestamptz,
  refused_at timestamptz,
  refusal_reason text,
  withdrawn_at timestamptz,
  CHECK ((sequence IS NULL) = (number IS NULL)),
  CHECK ((status = 'Brouillon') = (sequence IS NULL)),
  CHECK ((status IN ('Signé', 'Rétracté')) = (signed_at IS NOT NULL)),
  UNIQUE (quote_id, sequence)
);
CREATE INDEX avenants_quote_idx ON avenants (quote_id, id);
CREATE INDEX avenants_client_idx ON avenants (client_id);

-- The avenant's signature document (decision 0720): kind 'avenant', its subject the avenant.
ALTER TABLE signature_documents DROP CONSTRAINT signature_documents_kind_check;
ALTER TABLE signature_documents ADD CONSTRAINT signature_documents_kind_check CHECK (kind IN ('quote', 'contract', 'reception', 'avenant'));
ALTER TABLE signature_documents DROP CONSTRAINT signature_documents_subject_check;
ALTER TABLE signature_documents ADD CONSTRAINT signature_documents_subject_check CHECK ((kind IN ('reception', 'avenant')) = (subject_id IS NOT NULL));
