-- Background jobs (issue 8 §7, docs/decisions/0410-job-queue.md). A worker claims due rows with
-- FOR UPDATE SKIP LOCKED and holds them under a lease (locked_until): a worker that dies mid-job
-- leaves a `running` row whose lease expires, and another worker takes it over.
CREATE TABLE jobs (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind ~ '^[a-z][a-z0-9_.-]{0,99}$'),
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'done', 'dead')),
  -- NULL: as soon as possible (whatever the clock of the worker that reads it); else not before.
  run_at timestamptz,
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  max_attempts integer NOT NULL DEFAULT 5 CHECK (max_attempts BETWEEN 1 AND 100),
  locked_until timestamptz,
  locked_by text,
  last_error text,
  idempotency_key text CHECK (length(idempotency_key) <= 200),
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  -- NULL keys are distinct: only jobs that name a key are deduplicated, per kind.
  CONSTRAINT jobs_kind_idempotency_key UNIQUE (kind, idempotency_key)
);
-- The claim: due pending jobs in run_at order, and running jobs whose lease has expired.
CREATE INDEX jobs_due_idx ON jobs (run_at NULLS FIRST, id) WHERE status = 'pending';
CREATE INDEX jobs_lease_idx ON jobs (locked_until) WHERE status = 'running';
-- The admin's list (status and kind filters, newest first) and the purge of old finished jobs.
CREATE INDEX jobs_status_kind_idx ON jobs (status, kind, id DESC);
CREATE INDEX jobs_kind_idx ON jobs (kind, id DESC);
CREATE INDEX jobs_done_finished_idx ON jobs (finished_at) WHERE status = 'done';

-- Mails written before the queue existed and not sent yet get their job, so none is lost.
INSERT INTO jobs (kind, payload, idempotency_key)
SELECT 'mail.send', jsonb_build_object('mailId', id), 'mail:' || id
FROM mails
WHERE status IN ('pending', 'sending', 'failed') AND attempts < 5;
