-- E-invoicing through a plateforme agréée (issue 37 §1, decision 1212). Owned by the e-invoicing module.

-- Per issuer: how they reach a PA (none, their own, the platform's by delegation), the credentials
-- encrypted with AES-256-GCM (never returned), the webhook secret, the VAT regime and the
-- e-reporting period, and where the lifecycle search last stopped.
CREATE TABLE e_invoicing_settings (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE RESTRICT,
  pa_mode text NOT NULL DEFAULT 'none' CHECK (pa_mode IN ('none', 'own', 'delegated')),
  base_url text,
  auth_kind text CHECK (auth_kind IN ('oauth2', 'bearer')),
  token_url text,
  client_id text,
  scope text,
  -- The OAuth2 client secret or the bearer token, encrypted (v1:iv:tag:ciphertext, base64).
  secret_encrypted text,
  organization_id text,
  webhook_secret_encrypted text,
  vat_regime text NOT NULL DEFAULT 'reel_normal' CHECK (vat_regime IN ('reel_normal', 'reel_simplifie', 'franchise')),
  e_reporting_period text NOT NULL DEFAULT 'month' CHECK (e_reporting_period IN ('decade', 'month', 'bimonth')),
  lifecycle_cursor timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One submission per invoice or credit note sent through the issuer's PA.
CREATE TABLE e_invoice_submissions (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  issuer_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  invoice_id integer REFERENCES invoices (id) ON DELETE RESTRICT,
  credit_note_id integer REFERENCES credit_notes (id) ON DELETE RESTRICT,
  document_number text NOT NULL,
  -- What the lifecycle messages about the document repeat (issue date, SIRENs, routing address, TTC by
  -- rate), frozen when it is issued like the document itself.
  document_facts jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- pending (queued or retrying), submitted (the PA took it), failed (a permanent error: retry by hand),
  -- action (refused, rejected, disputed, routing error: the issuer must act), done (paid or otherwise closed)
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'submitted', 'failed', 'action', 'done')),
  flow_id text,
  last_code integer,
  last_error text,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT e_invoice_submissions_invoice_id_key UNIQUE (invoice_id),
  CONSTRAINT e_invoice_submissions_credit_note_id_key UNIQUE (credit_note_id),
  -- A flow id is the PA's: unique within one issuer's PA account, not across PAs.
  CONSTRAINT e_invoice_submissions_issuer_flow_key UNIQUE (issuer_id, flow_id),
  CONSTRAINT e_invoice_submissions_one_document CHECK (num_nonnulls(invoice_id, credit_note_id) = 1)
);
CREATE INDEX e_invoice_submissions_issuer_idx ON e_invoice_submissions (issuer_id, state);

-- Every lifecycle status an issuer's PA reported, applied once per (issuer, flow, message); an unknown flow's is kept, ignored.
CREATE TABLE e_invoice_events (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  issuer_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  submission_id integer REFERENCES e_invoice_submissions (id) ON DELETE RESTRICT,
  flow_id text NOT NULL,
  message_id text NOT NULL,
  code integer NOT NULL,
  at timestamptz NOT NULL,
  reason text,
  source text NOT NULL CHECK (source IN ('search', 'webhook')),
  received_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT e_invoice_events_issuer_flow_message_key UNIQUE (issuer_id, flow_id, message_id)
);
CREATE INDEX e_invoice_events_submission_idx ON e_invoice_events (submission_id, at);

-- « Encaissée » (CDAR 212) sent back to the PA, once per confirmed payment of an e-invoiced invoice.
CREATE TABLE e_invoice_payment_statuses (
  payment_id integer PRIMARY KEY REFERENCES payments (id) ON DELETE RESTRICT,
  submission_id integer NOT NULL REFERENCES e_invoice_submissions (id) ON DELETE RESTRICT,
  amount_cents bigint NOT NULL,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed')),
  flow_id text,
  last_error text,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
