-- The bell's count and every tender's effective status ask whether the tender's project is closed
-- (issue 13, decision 0967): an EXISTS on this small partial index answers from the index alone,
-- where reading the project's state fetched its row (the admin's bell at 1 M projects: 3 600
-- available tenders, 12.8 ms → 6.3 ms).
CREATE INDEX projects_closed_idx ON projects (id) WHERE state IN ('Terminé', 'Annulé');
