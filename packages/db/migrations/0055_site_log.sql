-- The site log, journal de chantier (issue 39 §2, decision 1231): dated entries written on a
-- project by the professionals whose tender on it was accepted (and the admin), read and commented
-- by its client. Never edited: no statement updates these rows; a correction is a new entry naming
-- the one it corrects (`corrects_entry_id`). Entries are numbered per project, 1, 2, 3… without
-- gaps, the number taken under a transaction lock of the project's journal.
CREATE TABLE site_log_entries (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- RESTRICT: a journal is evidence of the works, a project holding one is not deleted.
  project_id integer NOT NULL REFERENCES projects (id) ON DELETE RESTRICT,
  number integer NOT NULL CHECK (number >= 1),
  author_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  -- The day of the works, a Paris calendar day, not after the day it was written.
  work_date date NOT NULL,
  body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 4000),
  lot_label text CHECK (lot_label IS NULL OR char_length(lot_label) <= 120),
  -- A stoppage for bad weather (« intempéries »), with its note.
  weather_stop boolean NOT NULL DEFAULT false,
  weather_note text CHECK (weather_note IS NULL OR char_length(weather_note) <= 500),
  corrects_entry_id integer REFERENCES site_log_entries (id) ON DELETE RESTRICT,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (weather_stop OR weather_note IS NULL),
  UNIQUE (project_id, number)
);
-- An entry is corrected once: a later correction corrects the correction.
CREATE UNIQUE INDEX site_log_entries_corrects_idx ON site_log_entries (corrects_entry_id) WHERE corrects_entry_id IS NOT NULL;
CREATE INDEX site_log_entries_author_idx ON site_log_entries (author_id);

-- The photos of an entry, re-encoded without their metadata when stored; `taken_at` is the EXIF
-- capture date read before (null when the photo had none).
CREATE TABLE site_log_photos (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  entry_id integer NOT NULL REFERENCES site_log_entries (id) ON DELETE CASCADE,
  storage_key text NOT NULL,
  content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp')),
  size_bytes integer NOT NULL CHECK (size_bytes > 0),
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  taken_at timestamptz,
  position integer NOT NULL CHECK (position BETWEEN 1 AND 10),
  UNIQUE (entry_id, position)
);

-- Comments on an entry, by its project's client or its writers; never edited either.
CREATE TABLE site_log_comments (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  entry_id integer NOT NULL REFERENCES site_log_entries (id) ON DELETE CASCADE,
  author_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX site_log_comments_entry_idx ON site_log_comments (entry_id, id);
CREATE INDEX site_log_comments_author_idx ON site_log_comments (author_id);
