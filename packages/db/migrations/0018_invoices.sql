-- Invoices and credit notes (issue 11, decisions 0700–0705). Amounts in integer cents. An invoice is
-- issued from a validated quote, numbered F-YYYY-NNNN per issuer and Paris year in the issuing
-- transaction; once issued it is never edited nor deleted: only its payments (paid_cents, later) and
-- its credit notes (credited_cents, each an AV-YYYY-NNNN row) move. What it prints (issuer, client,
-- lines, deductions, mentions) is frozen in `document` when issued. Its status is computed on read.

-- What an issuer prints on their invoices beyond the enterprise profile: bank details and the option
-- for TVA on debits (CGI art. 269, 2, c).
CREATE TABLE invoice_settings (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE RESTRICT,
  iban text,
  bic text,
  tva_on_debits boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE invoices (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  number text NOT NULL,
  issuer_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  client_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  quote_id integer NOT NULL REFERENCES quotes (id) ON DELETE RESTRICT,
  project_id integer NOT NULL REFERENCES projects (id) ON DELETE RESTRICT,
  kind text NOT NULL CHECK (kind IN ('acompte', 'situation', 'solde')),
  title text NOT NULL,
  situation_index integer CHECK (situation_index IS NULL OR situation_index >= 1),
  issued_at timestamptz NOT NULL,
  issue_date date NOT NULL,
  due_date date NOT NULL CHECK (due_date >= issue_date),
  total_ht_cents bigint NOT NULL,
  total_tva_cents bigint NOT NULL,
  total_ttc_cents bigint NOT NULL CHECK (total_ttc_cents > 0),
  retention_cents bigint NOT NULL DEFAULT 0 CHECK (retention_cents >= 0),
  -- [{rate_bp, base_cents, tva_cents}]: what this invoice invoices per TVA rate.
  by_rate jsonb NOT NULL,
  -- Cumulative progress per lot of a situation (basis points), null otherwise.
  progress_bp jsonb,
  -- Everything printed, frozen at issue: issuer, client, lines, deductions, mentions.
  document jsonb NOT NULL,
  -- Moved by payments (later) and credit notes; never by an edit.
  paid_cents bigint NOT NULL DEFAULT 0 CHECK (paid_cents >= 0),
  credited_cents bigint NOT NULL DEFAULT 0 CHECK (credited_cents >= 0 AND credited_cents <= total_ttc_cents),
  search_text text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (issuer_id, number)
);
CREATE INDEX invoices_issuer_idx ON invoices (issuer_id, issued_at DESC, id DESC);
CREATE INDEX invoices_client_idx ON invoices (client_id, issued_at DESC, id DESC);
CREATE INDEX invoices_issued_idx ON invoices (issued_at DESC, id DESC);
CREATE INDEX invoices_quote_idx ON invoices (quote_id, id);
CREATE INDEX invoices_due_idx ON invoices (due_date) WHERE paid_cents + credited_cents + retention_cents < total_ttc_cents;
CREATE INDEX invoices_search_idx ON invoices USING gin (to_tsvector('simple', search_text));

CREATE TABLE credit_notes (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  number text NOT NULL,
  invoice_id integer NOT NULL REFERENCES invoices (id) ON DELETE RESTRICT,
  issuer_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  client_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  reason text NOT NULL,
  issued_at timestamptz NOT NULL,
  issue_date date NOT NULL,
  -- Amounts taken back, positive; the PDF prints them negative.
  total_ht_cents bigint NOT NULL,
  total_tva_cents bigint NOT NULL,
  total_ttc_cents bigint NOT NULL CHECK (total_ttc_cents > 0),
  by_rate jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (issuer_id, number)
);
CREATE INDEX credit_notes_invoice_idx ON credit_notes (invoice_id, id);
