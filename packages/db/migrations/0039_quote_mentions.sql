-- The quote's mandatory mentions (issue 34 §2, decisions 1040–1044).

-- The insurer's address (loi 96-603 art. 22-2: « les coordonnées de l'assureur »), one line as the
-- professional types it; the quote prints it beside the insurer's name.
ALTER TABLE company_insurances ADD COLUMN insurer_address text;

-- When the works start or how long they last (C. conso. L111-1 3°): a date, a duration in days, or
-- both; and whether a dépannage is an urgent repair the consumer asked for at home (L221-28 8°:
-- no right of withdrawal).
ALTER TABLE quotes ADD COLUMN works_start_date date;
ALTER TABLE quotes ADD COLUMN works_duration_days integer CHECK (works_duration_days BETWEEN 1 AND 3650);
ALTER TABLE quotes ADD COLUMN urgent_repair boolean NOT NULL DEFAULT false;

-- The consumer mediator the platform's professionals adhere to (C. conso. L616-1), set by the admin:
-- one row at most.
CREATE TABLE consumer_mediator (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  website text NOT NULL CHECK (length(website) BETWEEN 1 AND 300),
  address text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
