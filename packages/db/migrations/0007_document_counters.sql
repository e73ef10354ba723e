-- Document numbers (decision 0402): one counter row per (issuer, series, Paris year). The issuing
-- transaction increments it with INSERT … ON CONFLICT DO UPDATE … RETURNING, which locks the row
-- until commit: concurrent issues wait in turn, a rollback takes its number back with it (no gap,
-- no reuse). `last_number` is the last number given; the next one is last_number + 1.
-- An issuer of numbered documents cannot be deleted (ON DELETE RESTRICT): anonymise them instead.
CREATE TABLE document_counters (
  issuer_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  series text NOT NULL CHECK (series ~ '^[a-z][a-z0-9-]{0,29}$'),
  year integer NOT NULL CHECK (year BETWEEN 2000 AND 9999),
  last_number integer NOT NULL CHECK (last_number >= 1),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (issuer_id, series, year)
);
