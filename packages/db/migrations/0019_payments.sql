-- Payments of invoices (issue 11, decision 0730): by card (a checkout at a provider: Stripe, or the
-- built-in simulated checkout) or by bank transfer (declared by the client, confirmed by the admin).
-- A payment moves its invoice's paid_cents once, when it becomes `confirme`, in the transaction that
-- confirms it, with the invoice row locked. Amounts in integer cents.
CREATE TABLE payments (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  invoice_id integer NOT NULL REFERENCES invoices (id) ON DELETE RESTRICT,
  -- The invoice's client (payer) and issuer (payee), copied for the lists' indexes.
  client_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  issuer_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  method text NOT NULL CHECK (method IN ('carte', 'virement')),
  status text NOT NULL CHECK (status IN ('en_attente', 'confirme', 'echoue', 'annule')),
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  -- Card: 'stripe' or 'simule' and the provider's checkout id; transfer: null.
  provider text,
  checkout_id text,
  -- Transfer: the structured creditor reference (ISO 11649) the client was asked to quote.
  reference text,
  failure_reason text,
  created_by integer REFERENCES users (id) ON DELETE RESTRICT,
  confirmed_by integer REFERENCES users (id) ON DELETE RESTRICT,
  created_at timestamptz NOT NULL,
  confirmed_at timestamptz,
  UNIQUE (provider, checkout_id)
);
CREATE INDEX payments_invoice_idx ON payments (invoice_id, id);
CREATE INDEX payments_client_idx ON payments (client_id, created_at DESC, id DESC);
CREATE INDEX payments_issuer_idx ON payments (issuer_id, created_at DESC, id DESC);
CREATE INDEX payments_pending_idx ON payments (method, created_at DESC) WHERE status = 'en_attente';

-- Provider events applied (webhooks): one row per event id, inserted in the transaction that applies
-- it, so an event delivered again (a replay, a retry after a crash) changes nothing.
CREATE TABLE payment_events (
  provider text NOT NULL,
  event_id text NOT NULL,
  type text NOT NULL,
  payment_id integer REFERENCES payments (id) ON DELETE RESTRICT,
  received_at timestamptz NOT NULL,
  PRIMARY KEY (provider, event_id)
);
