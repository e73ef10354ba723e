-- The callers' cache (issue 13, decision 0979): each API instance keeps the session checks' user
-- rows in memory and forgets one when PostgreSQL says it changed. The database sends the
-- notification itself, at commit, for every change of a column the checks read, whoever makes it
-- (a route, a job, another instance, an operator's SQL): no code path can forget to send it.
CREATE FUNCTION users_notify_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- '*': every user (a TRUNCATE has no rows).
  PERFORM pg_notify('ouvrage_users_changed', CASE WHEN TG_OP = 'TRUNCATE' THEN '*' ELSE OLD.id::text END);
  RETURN NULL;
END
$$;

-- The columns `callerLookup` reads (apps/api/src/plugins/access-control.ts), and the id.
CREATE TRIGGER users_notify_changed
  AFTER UPDATE OF id, user_type, is_validate, email, firstname, lastname, anonymized_at, session_version OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION users_notify_changed();

CREATE TRIGGER users_notify_truncated AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION users_notify_changed();
