-- Dashboards of the client, the professionals and the architect (issue 12, decisions 0810, 0815).
-- Every widget reads an index range of the caller's rows; one was missing, found by the bench at
-- 1 000 000 projects: the client's quotes waiting for an answer. Without it the planner ANDs the
-- client's index with the partial index of every sent quote (quotes_expiry_idx), a read that grows
-- with the whole platform (10.7 ms → 0.16 ms for the busiest client).
CREATE INDEX quotes_client_sent_idx ON quotes (client_id, valid_until) WHERE status = 'Envoyé';
