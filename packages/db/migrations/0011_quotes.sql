-- Quotes (issue 9, decision 0510). Amounts in integer cents, quantities in thousandths, rates and
-- percentages in basis points. A quote belongs to its issuer (an architect) and its client, for a
-- project. Versions of one quote share `root_id` (the first version's id) and, once sent, its
-- number: `D-2026-0007 v2`. What is printed about the issuer is frozen in `issuer_snapshot` when
-- the quote is sent, so a later profile change never rewrites a sent document.

-- Settings (« Personnaliser »): one row per architect; the row with user_id NULL holds the
-- platform's defaults, kept by the admins (admin/devis-option). NULL fields fall back to them.
CREATE TABLE quote_settings (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer UNIQUE REFERENCES users (id) ON DELETE RESTRICT,
  accent_color text CHECK (accent_color IS NULL OR accent_color ~ '^#[0-9a-fA-F]{6}$'),
  number_prefix text CHECK (number_prefix IS NULL OR number_prefix ~ '^[A-Z]{1,6}$'),
  validity_days integer CHECK (validity_days IS NULL OR validity_days BETWEEN 1 AND 365),
  deposit_bp integer CHECK (deposit_bp IS NULL OR deposit_bp BETWEEN 0 AND 10000),
  payment_terms text,
  late_penalty_bp integer CHECK (late_penalty_bp IS NULL OR late_penalty_bp BETWEEN 0 AND 5000),
  retention_bp integer CHECK (retention_bp IS NULL OR retention_bp BETWEEN 0 AND 500),
  free_text text,
  general_conditions text,
  logo_path text,
  logo_mime text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Only one platform row.
CREATE UNIQUE INDEX quote_settings_platform_key ON quote_settings ((user_id IS NULL)) WHERE user_id IS NULL;

CREATE TABLE quotes (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  root_id integer REFERENCES quotes (id) ON DELETE RESTRICT,
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  number text,
  issuer_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  client_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  project_id integer NOT NULL REFERENCES projects (id) ON DELETE RESTRICT,
  status text NOT NULL DEFAULT 'Brouillon'
    CHECK (status IN ('Brouillon', 'Envoyé', 'Accepté', 'Signé', 'Validé', 'Refusé', 'Expiré', 'Annulé', 'Remplacé')),
  title text NOT NULL,
  kind text NOT NULL DEFAULT 'travaux' CHECK (kind IN ('travaux', 'depannage')),
  client_address jsonb,
  site_address jsonb,
  validity_days integer NOT NULL CHECK (validity_days BETWEEN 1 AND 365),
  valid_until date,
  deposit_bp integer NOT NULL CHECK (deposit_bp BETWEEN 0 AND 10000),
  payment_terms text NOT NULL DEFAULT '',
  late_penalty_bp integer NOT NULL DEFAULT 0 CHECK (late_penalty_bp BETWEEN 0 AND 5000),
  retention_bp integer NOT NULL DEFAULT 0 CHECK (retention_bp BETWEEN 0 AND 500),
  free_text text NOT NULL DEFAULT '',
  general_conditions text NOT NULL DEFAULT '',
  is_free boolean NOT NULL DEFAULT true,
  quote_price_cents bigint CHECK (quote_price_cents IS NULL OR quote_price_cents >= 0),
  travel_cost_cents bigint CHECK (travel_cost_cents IS NULL OR travel_cost_cents >= 0),
  accent_color text NOT NULL DEFAULT '#1f4e79',
  logo_path text,
  logo_mime text,
  -- Totals of the quote as sent (options not counted), recomputed by the API on every save.
  total_ht_cents bigint NOT NULL DEFAULT 0,
  total_tva_cents bigint NOT NULL DEFAULT 0,
  total_ttc_cents bigint NOT NULL DEFAULT 0,
  -- Totals with the options the client took, set on acceptance.
  accepted_total_ht_cents bigint,
  accepted_total_tva_cents bigint,
  accepted_total_ttc_cents bigint,
  issuer_snapshot jsonb,
  client_snapshot jsonb,
  revision integer NOT NULL DEFAULT 0,
  sent_at timestamptz,
  accepted_at timestamptz,
  refused_at timestamptz,
  refusal_reason text,
  cancelled_at timestamptz,
  cancel_reason text,
  expired_at timestamptz,
  validated_at timestamptz,
  replaced_at timestamptz,
  -- Lower-case unaccented words the lists search: number, object, client name, project (kept by the API).
  search_text text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (root_id, version),
  -- A number is given at the first sending and shared by later versions of the same quote.
  CHECK (status = 'Brouillon' OR number IS NOT NULL)
);
-- Lists: an architect's, a client's, a project's, everyone's (admin), newest first; the expiry sweep.
CREATE INDEX quotes_issuer_idx ON quotes (issuer_id, created_at DESC, id DESC);
CREATE INDEX quotes_client_idx ON quotes (client_id, created_at DESC, id DESC) WHERE status <> 'Brouillon';
CREATE INDEX quotes_project_idx ON quotes (project_id, status);
CREATE INDEX quotes_created_idx ON quotes (created_at DESC, id DESC);
CREATE INDEX quotes_status_idx ON quotes (status, created_at DESC);
CREATE INDEX quotes_expiry_idx ON quotes (valid_until) WHERE status = 'Envoyé';
CREATE INDEX quotes_root_idx ON quotes (root_id, version);
CREATE INDEX quotes_number_idx ON quotes (issuer_id, number);
-- The lists' search: every word typed must start a word of search_text (lower-case, unaccented).
CREATE INDEX quotes_search_idx ON quotes USING gin (to_tsvector('simple', search_text));

CREATE TABLE quote_lots (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  quote_id integer NOT NULL REFERENCES quotes (id) ON DELETE CASCADE,
  position integer NOT NULL,
  title text NOT NULL,
  UNIQUE (quote_id, position)
);

CREATE TABLE quote_lines (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  quote_id integer NOT NULL REFERENCES quotes (id) ON DELETE CASCADE,
  lot_id integer NOT NULL REFERENCES quote_lots (id) ON DELETE CASCADE,
  position integer NOT NULL,
  -- A product named by a quote is archived, never deleted (products' registerProductUse).
  product_id integer REFERENCES products (id) ON DELETE RESTRICT,
  designation text NOT NULL,
  description text NOT NULL DEFAULT '',
  quantity_milli bigint NOT NULL CHECK (quantity_milli > 0),
  unit text NOT NULL CHECK (unit IN ('u', 'm²', 'ml', 'm³', 'forfait', 'h', 'jour')),
  unit_price_cents bigint NOT NULL,
  tva_rate_bp integer NOT NULL CHECK (tva_rate_bp IN (2000, 1000, 550, 0)),
  discount_bp integer NOT NULL DEFAULT 0 CHECK (discount_bp BETWEEN 0 AND 10000),
  optional boolean NOT NULL DEFAULT false,
  chosen boolean NOT NULL DEFAULT false,
  net_ht_cents bigint NOT NULL,
  UNIQUE (lot_id, position),
  CHECK (NOT chosen OR optional)
);
CREATE INDEX quote_lines_quote_idx ON quote_lines (quote_id, lot_id, position);
CREATE INDEX quote_lines_product_idx ON quote_lines (product_id) WHERE product_id IS NOT NULL;

-- What happened to a quote, for its history and the activity of later dashboards.
CREATE TABLE quote_events (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  quote_id integer NOT NULL REFERENCES quotes (id) ON DELETE CASCADE,
  actor_id integer REFERENCES users (id) ON DELETE RESTRICT,
  action text NOT NULL,
  detail text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX quote_events_quote_idx ON quote_events (quote_id, id);

-- A queued mail may name attachments (a quote's PDF) that are produced when the mail goes out,
-- by a resolver the owning module registers: no document blob is stored in the mail row.
ALTER TABLE mails ADD COLUMN attachments jsonb;
