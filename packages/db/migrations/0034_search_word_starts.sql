-- Searches flat from 10 000 to 1 000 000 projects (issue 13, decision 0974). A search matches each
-- typed word against the start of a word of the record (`martin` finds « Martine »). As a prefix
-- query (`martin:*`), PostgreSQL's word index reads every record holding any word with that start
-- into a bitmap before intersecting the words: « andré arthur 21000 » read ≈ 60 000 records to
-- find 10 at a million projects (17.8 ms, against 0.1 ms at 10 000). The stored vectors now hold
-- every start of every word (« lyon » → l, ly, lyo, lyon), so a typed word is an exact entry of the
-- index and the words intersect without reading what only one of them matches (1.0 ms). Same
-- matches as before: a typed word is the start of a record's word exactly when it is one of the
-- starts stored for it (search-word-starts.test.ts checks it against the prefix query).

-- Starts up to 32 letters, and the whole word: a word of 1 500 letters would otherwise store
-- 1.1 MB of starts, past a vector's limit (1 MB), and its record could not be saved. A typed word
-- longer than 32 letters is searched as its first 32 and as a prefix (wordStartsQuery).
CREATE FUNCTION search_word_starts(words tsvector) RETURNS tsvector
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_to_tsvector(array_agg(DISTINCT start)), ''::tsvector)
  FROM unnest(tsvector_to_array(words)) AS word,
       LATERAL (SELECT left(word, n) FROM generate_series(1, least(length(word), 32)) AS n UNION ALL SELECT word) AS starts(start)
$$;

-- A generated column's expression cannot be changed: each vector is dropped and added again, with
-- the indexes that hold it.
ALTER TABLE projects DROP COLUMN search_vector;
ALTER TABLE projects ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (search_word_starts(to_tsvector('simple', search_text))) STORED;
CREATE INDEX projects_search_vector_idx ON projects USING gin (search_vector);

ALTER TABLE invoices DROP COLUMN search_vector;
ALTER TABLE invoices ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (search_word_starts(to_tsvector('simple', search_text))) STORED;
CREATE INDEX invoices_search_vector_idx ON invoices USING gin (search_vector);

-- Dropping the quotes' vector drops the issuer's index that holds it (0033): made again.
ALTER TABLE quotes DROP COLUMN search_vector;
ALTER TABLE quotes ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (search_word_starts(to_tsvector('simple', search_text))) STORED;
CREATE INDEX quotes_search_vector_idx ON quotes USING gin (search_vector);
CREATE INDEX quotes_issuer_words_idx ON quotes (issuer_id, created_at DESC, id DESC) INCLUDE (root_id, version, status, search_vector, superseded, superseded_sent);

ALTER TABLE users DROP COLUMN search_vector;
ALTER TABLE users ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
  search_word_starts(to_tsvector('simple', regexp_replace(
    translate(lower(firstname || ' ' || lastname || ' ' || email), 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿ', 'aaaaaaceeeeiiiinooooouuuuyy'),
    '[^a-z0-9]+', ' ', 'g')))
) STORED;
CREATE INDEX users_search_vector_idx ON users USING gin (search_vector);

ALTER TABLE companies DROP COLUMN search_vector;
ALTER TABLE companies ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
  search_word_starts(to_tsvector('simple', regexp_replace(
    translate(lower(coalesce(raison_sociale, '') || ' ' || coalesce(trade_name, '')), 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿ', 'aaaaaaceeeeiiiinooooouuuuyy'),
    '[^a-z0-9]+', ' ', 'g')))
) STORED;
CREATE INDEX companies_search_vector_idx ON companies USING gin (search_vector);
