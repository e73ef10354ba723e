-- The bell's available tenders (issue 13, decision 0965). The partial index on the deadline of
-- « Disponible » tenders led the planner astray at 1 000 000 projects: it expected 90 rows with a
-- deadline still ahead where 13 000 have one (deadline and status go together), read them all from
-- the table and sorted them (60-80 ms for the admin's bell). One index of the open tenders by id,
-- holding what the checks read, serves the bell (walk the newest, stop at 500), the count of
-- available tenders and the expiry sweep (its deadlines are in the index) without the table.
DROP INDEX offers_disponible_deadline_idx;
CREATE INDEX offers_open_idx ON offers (id DESC) INCLUDE (reply_deadline, validation, project_id, professional_id) WHERE status = 'Disponible';
