-- Professionals (professionnel, dessinateur, architecte): enterprise profile, insurance, trade,
-- references, preferences, intervention zones; marketing leads; e-mail change requests.

-- Reference tables: trades and the services they offer (seeded idempotently, editable later).
CREATE TABLE professions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  user_type text NOT NULL DEFAULT 'professionnel' CHECK (user_type IN ('professionnel', 'dessinateur', 'architecte')),
  position integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true
);

CREATE TABLE services (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  profession_id integer REFERENCES professions (id) ON DELETE SET NULL,
  position integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true
);
CREATE INDEX services_profession_idx ON services (profession_id, position);

-- One enterprise profile per professional account (keyed by the user).
CREATE TABLE companies (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  -- legal information (printed on quotes and invoices)
  siret text,
  siren text,
  raison_sociale text NOT NULL DEFAULT '',
  forme_juridique text,
  nature_juridique_code text,
  capital_cents bigint CHECK (capital_cents IS NULL OR capital_cents >= 0),
  rcs_rm text,
  tva_number text,
  naf_code text,
  head_office_address text,
  head_office_postcode text,
  head_office_city text,
  head_office_citycode text,
  -- general information
  trade_name text,
  logo_path text,
  description text,
  website text,
  contact_email text,
  contact_phone text,
  year_founded integer CHECK (year_founded IS NULL OR year_founded BETWEEN 1800 AND 2100),
  headcount integer CHECK (headcount IS NULL OR headcount >= 0),
  -- trade
  profession_id integer REFERENCES professions (id) ON DELETE SET NULL,
  -- preferences
  budget_min_cents bigint CHECK (budget_min_cents IS NULL OR budget_min_cents >= 0),
  budget_max_cents bigint CHECK (budget_max_cents IS NULL OR budget_max_cents >= 0),
  client_types text[] NOT NULL DEFAULT '{}',
  notify_tender_email boolean NOT NULL DEFAULT true,
  notify_tender_sms boolean NOT NULL DEFAULT false,
  notify_weekly_digest boolean NOT NULL DEFAULT false,
  -- company registry snapshot and the admin's identity check
  registry_state text CHECK (registry_state IS NULL OR registry_state IN ('A', 'F')),
  registry_name text,
  registry_checked_at timestamptz,
  identity_check jsonb,
  identity_checked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (budget_min_cents IS NULL OR budget_max_cents IS NULL OR budget_min_cents <= budget_max_cents)
);
CREATE UNIQUE INDEX companies_siret_key ON companies (siret) WHERE siret IS NOT NULL;
CREATE INDEX companies_profession_idx ON companies (profession_id);
CREATE INDEX companies_raison_sociale_idx ON companies (lower(raison_sociale));
-- Admin filter "département of the head office" = prefix of the INSEE code.
CREATE INDEX companies_citycode_idx ON companies (head_office_citycode text_pattern_ops);

-- Décennale and RC pro: one row per kind and company.
CREATE TABLE company_insurances (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES companies (user_id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('decennale', 'rc_pro')),
  insurer text,
  policy_number text,
  valid_from date,
  valid_until date,
  coverage text,
  certificate_path text,
  certificate_name text,
  certificate_mime text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, kind),
  CHECK (valid_from IS NULL OR valid_until IS NULL OR valid_from <= valid_until)
);

CREATE TABLE company_services (
  user_id integer NOT NULL REFERENCES companies (user_id) ON DELETE CASCADE,
  service_id integer NOT NULL REFERENCES services (id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, service_id)
);
CREATE INDEX company_services_service_idx ON company_services (service_id);

-- Preferences: project categories and goods wanted.
CREATE TABLE company_categories (
  user_id integer NOT NULL REFERENCES companies (user_id) ON DELETE CASCADE,
  category_id integer NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, category_id)
);
CREATE INDEX company_categories_category_idx ON company_categories (category_id);

CREATE TABLE company_biens (
  user_id integer NOT NULL REFERENCES companies (user_id) ON DELETE CASCADE,
  bien_id integer NOT NULL REFERENCES biens (id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, bien_id)
);
CREATE INDEX company_biens_bien_idx ON company_biens (bien_id);

-- References: past works with photos.
CREATE TABLE company_references (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES companies (user_id) ON DELETE CASCADE,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  city text,
  year integer CHECK (year IS NULL OR year BETWEEN 1900 AND 2100),
  amount_cents bigint CHECK (amount_cents IS NULL OR amount_cents >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX company_references_user_idx ON company_references (user_id, id);

CREATE TABLE reference_photos (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reference_id integer NOT NULL REFERENCES company_references (id) ON DELETE CASCADE,
  path text NOT NULL,
  mime text NOT NULL,
  name text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reference_photos_reference_idx ON reference_photos (reference_id, id);

-- Intervention zones: a whole département, or a commune (INSEE code) with a radius in km.
CREATE TABLE intervention_zones (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES companies (user_id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('departement', 'commune')),
  departement_code text NOT NULL,
  commune_insee text,
  commune_name text,
  latitude double precision,
  longitude double precision,
  radius_km integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (
    (kind = 'departement' AND commune_insee IS NULL AND radius_km IS NULL)
    OR (kind = 'commune' AND commune_insee IS NOT NULL AND radius_km BETWEEN 0 AND 200)
  )
);
CREATE INDEX intervention_zones_user_idx ON intervention_zones (user_id);
CREATE INDEX intervention_zones_departement_idx ON intervention_zones (departement_code);
CREATE INDEX intervention_zones_commune_idx ON intervention_zones (commune_insee);
CREATE UNIQUE INDEX intervention_zones_departement_key ON intervention_zones (user_id, departement_code) WHERE kind = 'departement';
CREATE UNIQUE INDEX intervention_zones_commune_key ON intervention_zones (user_id, commune_insee) WHERE kind = 'commune';

-- Marketing leads (HubSpot Forms v3 shape). Every lead is kept; `sent` once forwarded.
CREATE TABLE marketing_leads (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  form text NOT NULL,
  email text NOT NULL,
  fields jsonb NOT NULL,
  context jsonb NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'kept' CHECK (status IN ('kept', 'sent', 'failed')),
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  forwarded_at timestamptz
);
CREATE INDEX marketing_leads_created_idx ON marketing_leads (created_at DESC, id DESC);

-- E-mail change: confirmed through a single-use link sent to the new address.
CREATE TABLE email_change_requests (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  new_email text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_change_requests_user_idx ON email_change_requests (user_id);

-- Search in the admin's user lists.
CREATE INDEX users_lastname_idx ON users (lower(lastname));
CREATE INDEX users_created_idx ON users (created_at DESC, id DESC);
