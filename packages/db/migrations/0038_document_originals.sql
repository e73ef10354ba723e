-- The original is the document (issue 34 §4, decisions 1020–1024): an issued invoice, a credit note
-- and a sent quote's version are stored once, as issued, in the file storage; this row points to
-- that one object and holds its SHA-256 and size. Every download serves those bytes, checked.
CREATE TABLE document_originals (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('invoice', 'credit-note', 'quote')),
  -- The invoice's, credit note's or quote version's id (its own table, by kind).
  subject_id integer NOT NULL,
  storage_key text NOT NULL UNIQUE,
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  size_bytes integer NOT NULL CHECK (size_bytes > 0),
  archived_at timestamptz NOT NULL,
  -- One original per document: a second writer's insert finds this one (ON CONFLICT DO NOTHING).
  UNIQUE (kind, subject_id)
);

-- Fixed forever: no code path, job or operator's SQL rewrites or drops an original's row.
CREATE FUNCTION document_originals_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'document_originals: un original archivé ne se modifie ni ne se supprime (% %)', OLD.kind, OLD.subject_id;
END
$$;
CREATE TRIGGER document_originals_fixed BEFORE UPDATE OR DELETE ON document_originals
  FOR EACH ROW EXECUTE FUNCTION document_originals_fixed();

-- Signature documents already keep each PDF's key and SHA-256 (0013); their sizes are kept from now
-- on (null for documents made before this migration: their hash is still checked at every read).
ALTER TABLE signature_documents
  ADD COLUMN original_size integer CHECK (original_size > 0),
  ADD COLUMN signed_size integer CHECK (signed_size > 0);

-- Documents issued before this migration get their original at their first read (decision 1022).
