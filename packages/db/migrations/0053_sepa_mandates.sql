-- SEPA direct debit beside the card (issue 38 §3, decision 1223). Owned by the payments module.
-- A mandate is what the client accepts once per contract (quote) on the checkout: the creditor may
-- then debit the contract's later invoices from the client's account, each announced beforehand.
-- At most one mandate of a contract is active at a time (a partial unique index: two acceptances at
-- once make one mandate); a revoked one stays, with when and why, and stops every later debit.
CREATE TABLE sepa_mandates (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  quote_id integer NOT NULL REFERENCES quotes (id) ON DELETE RESTRICT,
  client_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  issuer_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  -- 'stripe' or 'simule', as payments.provider.
  provider text NOT NULL,
  -- The mandate reference (RUM) printed on every pre-notification and on the client's bank statement.
  reference text NOT NULL UNIQUE,
  status text NOT NULL CHECK (status IN ('active', 'revoked')),
  holder_name text NOT NULL,
  -- Only the last four characters and the country of the IBAN are kept; the account is the provider's.
  iban_last4 text NOT NULL,
  bank_country text NOT NULL,
  -- Stripe: the mandate, the customer and the sepa_debit payment method debited off-session.
  -- Simulated: the simulated bank's outcome for that account (`sim_iban_<outcome>`).
  provider_mandate_id text,
  provider_customer_id text,
  provider_payment_method_id text,
  accepted_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_reason text,
  UNIQUE (provider, provider_mandate_id)
);
CREATE UNIQUE INDEX sepa_mandates_active_quote_key ON sepa_mandates (quote_id) WHERE status = 'active';

-- A payment may now be a direct debit: from a mandate (`mandate_id`), announced for `debit_on`,
-- handed to the bank at `submitted_at` (« prélèvement en cours » until the bank answers, days later).
ALTER TABLE payments DROP CONSTRAINT payments_method_check;
ALTER TABLE payments ADD CONSTRAINT payments_method_check CHECK (method IN ('carte', 'virement', 'prelevement'));
ALTER TABLE payments ADD COLUMN mandate_id integer REFERENCES sepa_mandates (id) ON DELETE RESTRICT;
ALTER TABLE payments ADD COLUMN debit_on date;
ALTER TABLE payments ADD COLUMN submitted_at timestamptz;
CREATE INDEX payments_mandate_idx ON payments (mandate_id) WHERE mandate_id IS NOT NULL;
