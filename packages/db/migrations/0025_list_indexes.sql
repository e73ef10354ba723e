-- Lists flat from 10 000 to 1 000 000 projects (issue 13, decision 0963). Indexes only: each
-- list reads its page and its capped count from an index range, never the whole table
-- (apps/api/test/hardening/query-plans.test.ts checks every list's plans).

-- The admin's account list: accounts not anonymised, newest first (page and capped count).
CREATE INDEX users_live_created_idx ON users (created_at DESC, id DESC) WHERE anonymized_at IS NULL;

-- The documents area of an admin: the newest signature documents.
CREATE INDEX signature_documents_created_idx ON signature_documents (created_at DESC, id DESC);

-- The invoice list filtered by kind, and by status: a status is computed with today's date, but
-- each belongs to one of three classes that do not depend on it (cancelled, paid, open); the
-- list adds its class's predicate, written exactly as here, so the planner takes its index.
CREATE INDEX invoices_kind_issued_idx ON invoices (kind, issued_at DESC, id DESC);
CREATE INDEX invoices_cancelled_issued_idx ON invoices (issued_at DESC, id DESC) WHERE credited_cents >= total_ttc_cents;
CREATE INDEX invoices_paid_issued_idx ON invoices (issued_at DESC, id DESC)
  WHERE credited_cents < total_ttc_cents
    AND paid_cents + credited_cents + (CASE WHEN retention_released_on IS NULL THEN retention_cents ELSE 0 END) >= total_ttc_cents;
CREATE INDEX invoices_open_issued_idx ON invoices (issued_at DESC, id DESC)
  WHERE credited_cents < total_ttc_cents
    AND paid_cents + credited_cents + (CASE WHEN retention_released_on IS NULL THEN retention_cents ELSE 0 END) < total_ttc_cents;

