-- Lists flat from 10 000 to 1 000 000 projects (issue 13, decision 0963). Searches of projects,
-- quotes and invoices: the words' vector stored beside the text, so a list that walks its date
-- index to find the first matches, and the recheck of a bitmap scan, compare vectors instead of
-- parsing every row's text again. Not declared in Drizzle's schema: no statement selects it, the
-- lists name it in their search condition only (apps/api/src/lib/search-vector.ts).
ALTER TABLE projects ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (to_tsvector('simple', search_text)) STORED;
CREATE INDEX projects_search_vector_idx ON projects USING gin (search_vector);
DROP INDEX projects_search_idx;
ALTER TABLE quotes ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (to_tsvector('simple', search_text)) STORED;
CREATE INDEX quotes_search_vector_idx ON quotes USING gin (search_vector);
DROP INDEX quotes_search_idx;
ALTER TABLE invoices ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (to_tsvector('simple', search_text)) STORED;
CREATE INDEX invoices_search_vector_idx ON invoices USING gin (search_vector);
DROP INDEX invoices_search_idx;

-- Deep pages read the page's ids by an index-only walk past the offset, then those rows only:
-- the admin's list of tenders sent, and the quote lists with their "latest version" check.
CREATE INDEX offers_sent_list_idx ON offers (created_at DESC, id DESC) WHERE validation = '1' AND project_id IS NOT NULL;
CREATE INDEX quotes_created_versions_idx ON quotes (created_at DESC, id DESC) INCLUDE (root_id, version, status);
DROP INDEX quotes_created_idx;
