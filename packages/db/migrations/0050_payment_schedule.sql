-- Payment schedules (échéanciers) signed with the quote (issue 38 §2, decision 1221). Owned by the
-- payment-schedule module. The architect sets a schedule on a draft quote: one row per quote (the
-- contract kind the legal limits read) and its milestones in order. A milestone is reached once:
-- `upcoming` → `prepared` (the invoice it asks is worked out, for the architect to issue) →
-- `invoiced` (the invoice issued, its id kept); each step is one conditional UPDATE, so reaching a
-- milestone twice prepares one invoice.
CREATE TABLE payment_schedules (
  quote_id integer PRIMARY KEY REFERENCES quotes (id) ON DELETE CASCADE,
  contract_kind text NOT NULL CHECK (contract_kind IN ('travaux', 'ccmi_avec_garantie', 'ccmi_sans_garantie')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE payment_milestones (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  quote_id integer NOT NULL REFERENCES payment_schedules (quote_id) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position >= 0),
  -- signature (the deposit), stage (a stage of the works), label (a stage named by the architect), date
  trigger_kind text NOT NULL CHECK (trigger_kind IN ('signature', 'stage', 'label', 'date')),
  stage text CHECK (stage IN ('permis_de_construire', 'ouverture_chantier', 'fin_gros_oeuvre', 'hors_eau_hors_air', 'reception')),
  label text,
  due_on date,
  -- Exactly one of the two: basis points of the contract's TTC, or an amount in cents.
  percent_bp integer CHECK (percent_bp > 0 AND percent_bp <= 10000),
  amount_cents bigint CHECK (amount_cents > 0),
  state text NOT NULL DEFAULT 'upcoming' CHECK (state IN ('upcoming', 'prepared', 'invoiced')),
  reached_at timestamptz,
  -- The invoice prepared when reached: its kind (acompte, or solde for the last) and its TTC.
  prepared_kind text CHECK (prepared_kind IN ('acompte', 'solde')),
  prepared_amount_cents bigint,
  invoice_id integer REFERENCES invoices (id) ON DELETE RESTRICT,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT payment_milestones_quote_position_key UNIQUE (quote_id, position),
  CONSTRAINT payment_milestones_invoice_key UNIQUE (invoice_id),
  CHECK ((percent_bp IS NULL) <> (amount_cents IS NULL)),
  CHECK ((trigger_kind = 'stage') = (stage IS NOT NULL)),
  CHECK ((trigger_kind = 'label') = (label IS NOT NULL)),
  CHECK ((trigger_kind = 'date') = (due_on IS NOT NULL)),
  CHECK ((state = 'upcoming') = (reached_at IS NULL)),
  CHECK ((state = 'invoiced') = (invoice_id IS NOT NULL))
);
-- The daily job looks for dated and deposit milestones not reached yet.
CREATE INDEX payment_milestones_upcoming_idx ON payment_milestones (quote_id) WHERE state = 'upcoming';
