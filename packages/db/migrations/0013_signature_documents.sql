-- Signature documents (issue 10, decision 0640): a PDF — a quote or an uploaded contract — sent to
-- its signers through a provider; the signed PDF once complete; the audit trail of every event.
CREATE TABLE signature_documents (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('quote', 'contract')),
  quote_id integer UNIQUE REFERENCES quotes (id) ON DELETE RESTRICT,
  project_id integer REFERENCES projects (id) ON DELETE RESTRICT,
  owner_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  title text NOT NULL,
  file_name text NOT NULL,
  original_key text NOT NULL,
  original_sha256 text NOT NULL,
  signature_box jsonb,
  provider text NOT NULL CHECK (provider IN ('builtin', 'acrobat-sign')),
  agreement_id text UNIQUE,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'out_for_signature', 'signed', 'cancelled')),
  signed_key text,
  signed_sha256 text,
  created_at timestamptz NOT NULL,
  sent_at timestamptz,
  signed_at timestamptz,
  updated_at timestamptz NOT NULL,
  CHECK ((kind = 'quote') = (quote_id IS NOT NULL)),
  CHECK ((status = 'signed') = (signed_key IS NOT NULL))
);
CREATE INDEX signature_documents_owner_idx ON signature_documents (owner_id, created_at DESC);
CREATE INDEX signature_documents_project_idx ON signature_documents (project_id);
CREATE INDEX signature_documents_pending_idx ON signature_documents (provider) WHERE status = 'out_for_signature';

CREATE TABLE signature_signers (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  document_id integer NOT NULL REFERENCES signature_documents (id) ON DELETE CASCADE,
  position integer NOT NULL,
  user_id integer REFERENCES users (id) ON DELETE RESTRICT,
  name text NOT NULL,
  email text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'signed')),
  signed_at timestamptz,
  ip text,
  user_agent text,
  -- The built-in provider's invitation link: only the SHA-256 of its random token is kept.
  access_token_hash text UNIQUE,
  UNIQUE (document_id, position)
);
CREATE INDEX signature_signers_user_idx ON signature_signers (user_id);
CREATE INDEX signature_signers_email_idx ON signature_signers (lower(email));

CREATE TABLE signature_events (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  document_id integer NOT NULL REFERENCES signature_documents (id) ON DELETE CASCADE,
  signer_id integer REFERENCES signature_signers (id) ON DELETE CASCADE,
  type text NOT NULL,
  at timestamptz NOT NULL,
  ip text,
  user_agent text,
  detail jsonb
);
CREATE INDEX signature_events_document_idx ON signature_events (document_id, at, id);

ALTER TABLE quotes ADD COLUMN signed_at timestamptz;
