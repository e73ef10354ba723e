-- An architect's quote list (issue 13, decision 0963): the issuer's quotes by date now hold the
-- root, version and status, so the "latest version" check, the capped count and the page's ids
-- are read from the index alone (2 000 quotes: 15 ms → 6 ms for the count).
CREATE INDEX quotes_issuer_versions_idx ON quotes (issuer_id, created_at DESC, id DESC) INCLUDE (root_id, version, status);
DROP INDEX quotes_issuer_idx;
