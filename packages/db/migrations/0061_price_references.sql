-- Price references (issue 40, decision 1240): what similar work costs in a zone, from sent quotes.
-- Owned by the price-references module. A trigger notes every quote whose status changes; a job on
-- the queue collects those quotes into one contribution per (quote, normalised line), then
-- recomputes the figures of the lines that changed, on a schedule. Only aggregates are read by
-- users, and only where the threshold rule holds (published).

-- An architect who does not contribute (and then reads no reference either).
CREATE TABLE price_reference_opt_outs (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  opted_out_at timestamptz NOT NULL DEFAULT now()
);

-- Quotes to collect again: filled by the trigger below, emptied by the collector.
CREATE TABLE price_reference_pending (quote_id integer PRIMARY KEY);

CREATE FUNCTION price_reference_note_quote() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO price_reference_pending (quote_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
CREATE TRIGGER quotes_price_reference_pending AFTER UPDATE OF status ON quotes
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION price_reference_note_quote();
CREATE TRIGGER quotes_price_reference_inserted AFTER INSERT ON quotes
  FOR EACH ROW WHEN (NEW.status <> 'Brouillon') EXECUTE FUNCTION price_reference_note_quote();

-- One quote's unit price HT for one normalised line: the latest sent version of a quote counts once.
CREATE TABLE price_contributions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  quote_root_id integer NOT NULL,
  quote_id integer NOT NULL REFERENCES quotes (id) ON DELETE CASCADE,
  issuer_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  line_key text NOT NULL,
  unit text NOT NULL,
  departement text NOT NULL,
  region text NOT NULL,
  sent_on date NOT NULL,
  unit_price_cents bigint NOT NULL,
  -- The wording as typed (the lot's title, the designation or the product's name): the admin's
  -- screens name a line by its most common wording rather than by its key.
  lot_title text NOT NULL DEFAULT '',
  designation text NOT NULL DEFAULT '',
  -- Far from its line's figure at the last refresh: offered to the admin.
  outlier boolean NOT NULL DEFAULT false,
  excluded_at timestamptz,
  excluded_by integer REFERENCES users (id) ON DELETE SET NULL,
  exclusion_reason text,
  UNIQUE (quote_root_id, line_key)
);
CREATE INDEX price_contributions_key_idx ON price_contributions (line_key, sent_on);
CREATE INDEX price_contributions_issuer_idx ON price_contributions (issuer_id);
CREATE INDEX price_contributions_sent_idx ON price_contributions (sent_on);
CREATE INDEX price_contributions_outlier_idx ON price_contributions (id DESC) WHERE outlier AND excluded_at IS NULL;
CREATE INDEX price_contributions_excluded_idx ON price_contributions (excluded_at DESC, id DESC) WHERE excluded_at IS NOT NULL;

-- Each line's most common wording, kept by the refresh.
CREATE TABLE price_reference_labels (
  line_key text PRIMARY KEY,
  lot_key text NOT NULL,
  lot_label text NOT NULL,
  label text NOT NULL
);
CREATE INDEX price_reference_labels_lot_idx ON price_reference_labels (lot_key);

-- Lines whose figures must be recomputed at the next refresh.
CREATE TABLE price_reference_dirty_keys (line_key text PRIMARY KEY);

-- The figures of a line in a zone over a period (`12m`, `36m`, a quarter `2026-T3`). A row exists
-- once the cell was published; it keeps the set of its last publication (published_quote_ids)
-- when later suppressed, so a republication never differs from it by fewer than 3 quotes.
CREATE TABLE price_references (
  line_key text NOT NULL,
  zone_level text NOT NULL CHECK (zone_level IN ('departement', 'region', 'france')),
  zone_code text NOT NULL,
  period text NOT NULL,
  lot_key text NOT NULL,
  unit text NOT NULL,
  published boolean NOT NULL,
  median_cents bigint NOT NULL,
  q1_cents bigint NOT NULL,
  q3_cents bigint NOT NULL,
  quotes integer NOT NULL,
  published_quote_ids integer[] NOT NULL,
  computed_at timestamptz NOT NULL,
  PRIMARY KEY (line_key, zone_level, zone_code, period)
);
CREATE INDEX price_references_trends_idx ON price_references (lot_key, zone_level, zone_code) WHERE published;

-- Each refresh, for the admin's coverage and the bench.
CREATE TABLE price_reference_runs (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  -- The day the rolling windows end on (the refresh's date).
  window_end date NOT NULL,
  quotes_collected integer NOT NULL DEFAULT 0,
  keys_refreshed integer NOT NULL DEFAULT 0,
  cells_published integer NOT NULL DEFAULT 0,
  duration_ms integer,
  -- Lines of the quotes sent in the window and how many had a reference (coverage), per lot.
  coverage jsonb
);
CREATE INDEX price_reference_runs_finished_idx ON price_reference_runs (id DESC) WHERE finished_at IS NOT NULL;

-- Existing sent quotes are collected at the first run.
INSERT INTO price_reference_pending (quote_id) SELECT id FROM quotes WHERE status <> 'Brouillon';
