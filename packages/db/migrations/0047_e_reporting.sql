-- E-reporting of consumer sales (issue 37 §2, decision 1213). Owned by the e-reporting module.
-- One report per issuer, kind and period: the transactions (flux 10.3) or the payment data (10.4)
-- of the issuer's consumer invoices, built once the period is over and submitted through the
-- issuer's PA. A period is reported once (the unique key); a correction would be a new report
-- naming the one it corrects (`corrects_id`), with a period start of its own kind.
CREATE TABLE e_reports (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  issuer_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  kind text NOT NULL CHECK (kind IN ('transactions', 'payments')),
  period_kind text NOT NULL CHECK (period_kind IN ('decade', 'month', 'bimonth')),
  period_start date NOT NULL,
  period_end date NOT NULL,
  due_date date NOT NULL,
  -- draft (built, being sent), submitted (the PA took it), accepted, rejected (by the PA), failed (retry by hand)
  state text NOT NULL DEFAULT 'draft' CHECK (state IN ('draft', 'submitted', 'accepted', 'rejected', 'failed')),
  -- The stable id sent as the flow's trackingId: a retry sends the same one.
  tracking_id text NOT NULL,
  flow_id text,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  -- What it contained: lines per day and rate, totals, the documents or payments (the domain's report).
  content jsonb NOT NULL,
  xml text NOT NULL,
  -- Each change of state with its time and reason, oldest first.
  history jsonb NOT NULL DEFAULT '[]'::jsonb,
  corrects_id integer REFERENCES e_reports (id) ON DELETE RESTRICT,
  submitted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT e_reports_issuer_kind_period_key UNIQUE (issuer_id, kind, period_start),
  CONSTRAINT e_reports_tracking_id_key UNIQUE (tracking_id)
);
CREATE INDEX e_reports_state_idx ON e_reports (state);
