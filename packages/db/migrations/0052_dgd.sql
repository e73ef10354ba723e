-- The final account, décompte général définitif (issue 38 §4, decision 1222). Established by a
-- validated quote's issuer once the works are received: the contract as amended, every invoice,
-- avoir and payment, the retenue and its release day, the penalties and the balance, frozen in
-- `document` as issued (its PDF stored once as an original, kind 'dgd'). Numbered per quote when
-- established — `D-2026-0005-DGD`, then `-DGD2`… after a dispute — gapless under the quote's lock.
-- The client accepts it by signing (a signature document of kind 'dgd') or disputes it with a
-- reason. One DGD at a time per quote is issued or accepted (the partial unique index); an accepted
-- one closes the quote's invoicing.
CREATE TABLE dgds (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  quote_id integer NOT NULL REFERENCES quotes (id) ON DELETE RESTRICT,
  project_id integer NOT NULL REFERENCES projects (id) ON DELETE RESTRICT,
  issuer_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  client_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  sequence integer NOT NULL CHECK (sequence >= 1),
  number text NOT NULL,
  status text NOT NULL DEFAULT 'Émis' CHECK (status IN ('Émis', 'Accepté', 'Contesté')),
  -- Every figure as established (contracts' DgdDocument): printed and shown as issued.
  document jsonb NOT NULL,
  -- The balance either way (> 0 the client owes), kept as a column for the lists.
  balance_cents bigint NOT NULL,
  issued_by integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  issued_at timestamptz NOT NULL,
  accepted_at timestamptz,
  disputed_at timestamptz,
  dispute_reason text,
  CHECK ((status = 'Accepté') = (accepted_at IS NOT NULL)),
  CHECK ((status = 'Contesté') = (disputed_at IS NOT NULL AND dispute_reason IS NOT NULL)),
  UNIQUE (quote_id, sequence)
);
CREATE UNIQUE INDEX dgds_open_idx ON dgds (quote_id) WHERE status IN ('Émis', 'Accepté');
CREATE INDEX dgds_project_idx ON dgds (project_id);
CREATE INDEX dgds_client_idx ON dgds (client_id);

-- The DGD's signature document (decision 0720): kind 'dgd', its subject the DGD.
ALTER TABLE signature_documents DROP CONSTRAINT signature_documents_kind_check;
ALTER TABLE signature_documents ADD CONSTRAINT signature_documents_kind_check CHECK (kind IN ('quote', 'contract', 'reception', 'avenant', 'dgd'));
ALTER TABLE signature_documents DROP CONSTRAINT signature_documents_subject_check;
ALTER TABLE signature_documents ADD CONSTRAINT signature_documents_subject_check CHECK ((kind IN ('reception', 'avenant', 'dgd')) = (subject_id IS NOT NULL));

-- Its PDF as issued, stored once (decision 1020).
ALTER TABLE document_originals DROP CONSTRAINT document_originals_kind_check;
ALTER TABLE document_originals ADD CONSTRAINT document_originals_kind_check CHECK (kind IN ('invoice', 'credit-note', 'quote', 'dgd'));
