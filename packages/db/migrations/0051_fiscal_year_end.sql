-- The month whose last day closes the issuer's fiscal year (exercice), for the FEC (decision 1210,
-- issue 37 §3): 12 (31 December) unless the accountant closes another month.
ALTER TABLE accounting_settings
  ADD COLUMN fiscal_year_end_month integer NOT NULL DEFAULT 12
  CONSTRAINT accounting_settings_fiscal_year_end_month_check CHECK (fiscal_year_end_month BETWEEN 1 AND 12);
