-- The account numbers an issuer's FEC uses (issue 37 §3, decision 1210). No row: the defaults of
-- the domain (411, 4191, 4117, 704, 512, 44574, 445712/3/4). Owned by the accounting module.
CREATE TABLE accounting_settings (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE RESTRICT,
  clients_account text NOT NULL,
  deposits_account text NOT NULL,
  retention_account text NOT NULL,
  revenue_account text NOT NULL,
  bank_account text NOT NULL,
  vat_waiting_account text NOT NULL,
  vat_2000_account text NOT NULL,
  vat_1000_account text NOT NULL,
  vat_550_account text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
