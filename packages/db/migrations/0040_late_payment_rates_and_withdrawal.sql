-- Late-payment rates between professionals, by half-year (issue 34, decision 1051): C. com. L441-10
-- sets the default rate at the ECB main refinancing rate in force on 1 January / 1 July plus 10
-- points, and any agreed rate at no less than 3 × the legal interest rate (« autres cas ») of the
-- half-year. The admin keeps the series; an issued invoice freezes the rate it printed.
CREATE TABLE late_payment_rates (
  half_year_start date PRIMARY KEY
    CHECK (EXTRACT(DAY FROM half_year_start) = 1 AND EXTRACT(MONTH FROM half_year_start) IN (1, 7)),
  ecb_rate_bp integer NOT NULL CHECK (ecb_rate_bp BETWEEN -500 AND 2000),
  legal_rate_bp integer NOT NULL CHECK (legal_rate_bp BETWEEN 0 AND 2000),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The real values: ECB MRO 2,15 % since 11 June 2025 (so on 1 July 2025 and 1 January 2026);
-- legal interest rate « autres cas » 2,76 % (arrêté du 19 juin 2025) and 2,62 % (arrêté du
-- 15 décembre 2025). Later half-years are entered by the admin when published.
INSERT INTO late_payment_rates (half_year_start, ecb_rate_bp, legal_rate_bp) VALUES
  ('2025-07-01', 215, 276),
  ('2026-01-01', 215, 262);

-- Withdrawal (C. conso. L221-18, decision 1053): a consumer's withdrawn quote keeps its signature
-- and becomes « Rétracté »; nothing can be invoiced on it.
ALTER TABLE quotes DROP CONSTRAINT quotes_status_check;
ALTER TABLE quotes ADD CONSTRAINT quotes_status_check
  CHECK (status IN ('Brouillon', 'Envoyé', 'Accepté', 'Signé', 'Validé', 'Refusé', 'Expiré', 'Annulé', 'Remplacé', 'Rétracté'));
ALTER TABLE quotes ADD COLUMN withdrawn_at timestamptz;
