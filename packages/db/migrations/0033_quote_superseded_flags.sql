-- Whether a newer version of a quote exists (issue 13, decision 0972), stored instead of probed:
-- every list of "latest versions" asked, for each row, whether its root had a higher version (and,
-- for a client, a higher version that is not a draft). The admin's page 400 made 8 000 such probes
-- at a million projects. The flags are kept by a trigger on the rows of the same root whenever a
-- version is added, removed, renumbered or changes status, whatever code path does it.
ALTER TABLE quotes
  ADD COLUMN superseded boolean NOT NULL DEFAULT false,
  ADD COLUMN superseded_sent boolean NOT NULL DEFAULT false;

UPDATE quotes q SET
  superseded = EXISTS (SELECT 1 FROM quotes n WHERE n.root_id = q.root_id AND n.version > q.version),
  superseded_sent = EXISTS (SELECT 1 FROM quotes n WHERE n.root_id = q.root_id AND n.version > q.version AND n.status <> 'Brouillon')
WHERE q.root_id IS NOT NULL AND EXISTS (SELECT 1 FROM quotes n WHERE n.root_id = q.root_id AND n.version > q.version);

CREATE FUNCTION quotes_keep_superseded() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  root integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.root_id ELSE NEW.root_id END;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.root_id IS DISTINCT FROM NEW.root_id AND OLD.root_id IS NOT NULL THEN
    PERFORM quotes_mark_superseded(OLD.root_id);
  END IF;
  IF root IS NOT NULL THEN
    PERFORM quotes_mark_superseded(root);
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION quotes_mark_superseded(root integer) RETURNS void LANGUAGE sql AS $$
  UPDATE quotes q SET superseded = s.superseded, superseded_sent = s.superseded_sent
  FROM (
    SELECT v.id,
      EXISTS (SELECT 1 FROM quotes n WHERE n.root_id = v.root_id AND n.version > v.version) AS superseded,
      EXISTS (SELECT 1 FROM quotes n WHERE n.root_id = v.root_id AND n.version > v.version AND n.status <> 'Brouillon') AS superseded_sent
    FROM quotes v WHERE v.root_id = root
  ) s
  WHERE q.id = s.id AND (q.superseded, q.superseded_sent) IS DISTINCT FROM (s.superseded, s.superseded_sent)
$$;

-- Fires only when a version's place or status changes: the flags' own update does not fire it again.
CREATE TRIGGER quotes_superseded AFTER INSERT OR DELETE OR UPDATE OF root_id, version, status ON quotes
  FOR EACH ROW EXECUTE FUNCTION quotes_keep_superseded();

-- The admin's list of latest versions, newest first: a walk of this index, no probe.
CREATE INDEX quotes_latest_idx ON quotes (created_at DESC, id DESC) WHERE NOT superseded;

-- The issuer's indexes (0031, 0032) also hold the flags, so their walks stay index-only.
DROP INDEX quotes_issuer_status_idx;
CREATE INDEX quotes_issuer_status_idx ON quotes (issuer_id, status, created_at DESC, id DESC) INCLUDE (root_id, version, valid_until, superseded, superseded_sent);
DROP INDEX quotes_issuer_words_idx;
CREATE INDEX quotes_issuer_words_idx ON quotes (issuer_id, created_at DESC, id DESC) INCLUDE (root_id, version, status, search_vector, superseded, superseded_sent);
