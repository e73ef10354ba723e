-- Admin dashboard and board of projects by stage (issue 12, decision 0822). Indexes only: each
-- widget's statement reads an index range of the period (or of the open projects), never the table.

-- The board: open projects by stage and creation date (both directions), and each column's count.
CREATE INDEX projects_board_idx ON projects (stage, created_at, id) WHERE state NOT IN ('Terminé', 'Annulé');

-- Tenders sent per month (index-only count) and answered per month.
CREATE INDEX offers_sent_created_idx ON offers (created_at) WHERE validation = '1';
CREATE INDEX offers_answered_idx ON offers (answered_at) INCLUDE (status) WHERE answered_at IS NOT NULL;

-- Quotes sent in the period, with what the conversion sums.
CREATE INDEX quotes_sent_idx ON quotes (sent_at) INCLUDE (status, total_ht_cents, accepted_total_ht_cents) WHERE sent_at IS NOT NULL;

-- Invoiced, credited and received per month.
CREATE INDEX invoices_issued_total_idx ON invoices (issued_at) INCLUDE (total_ttc_cents);
CREATE INDEX credit_notes_issued_idx ON credit_notes (issued_at) INCLUDE (total_ttc_cents);
CREATE INDEX payments_confirmed_idx ON payments (confirmed_at) INCLUDE (amount_cents) WHERE status = 'confirme';
