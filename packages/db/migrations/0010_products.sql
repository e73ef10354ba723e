-- Products (issue 9, decision 0500): an architect's own catalogue, and platform products an admin
-- keeps (owner_id NULL) that every architect may use. Prices in cents HT, TVA in basis points.
-- A product named by a quote is archived, never deleted (archived_at).
CREATE TABLE products (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  owner_id integer REFERENCES users (id) ON DELETE RESTRICT,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  reference text NOT NULL DEFAULT '',
  lot text NOT NULL,
  unit text NOT NULL CHECK (unit IN ('u', 'm²', 'ml', 'm³', 'forfait', 'h', 'jour')),
  unit_price_cents integer NOT NULL CHECK (unit_price_cents >= 0),
  tva_rate_bp integer NOT NULL CHECK (tva_rate_bp IN (2000, 1000, 550, 0)),
  archived_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- The list: an owner's products (or the platform's) by lot, by name.
CREATE INDEX products_owner_lot_name_idx ON products (owner_id, lot, lower(name));
CREATE INDEX products_lot_name_idx ON products (lot, lower(name));
CREATE INDEX products_reference_idx ON products (lower(reference));
