-- Platform foundation: accounts, sessions, password reset, mail outbox, app metadata.
CREATE TABLE users (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  password_hash text,
  firstname text NOT NULL DEFAULT '',
  lastname text NOT NULL DEFAULT '',
  civility text,
  phone text,
  country text,
  user_type text NOT NULL CHECK (user_type IN ('client', 'professionnel', 'dessinateur', 'architecte', 'admin')),
  is_validate text NOT NULL DEFAULT 'Validé' CHECK (is_validate IN ('En attente', 'Validé', 'Refusé')),
  validation_reason text,
  anonymized_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE INDEX users_type_validation_idx ON users (user_type, is_validate);

CREATE TABLE refresh_tokens (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  family_id uuid NOT NULL,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  replaced_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (user_id);

-- Single-use links: password reset, and "set your password" for accounts created for someone.
CREATE TABLE password_tokens (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  purpose text NOT NULL DEFAULT 'reset' CHECK (purpose IN ('reset', 'invite')),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_tokens_user_idx ON password_tokens (user_id);

-- Every mail is written here first (outbox); a dispatcher sends it over SMTP when configured.
CREATE TABLE mails (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'kept', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX mails_status_idx ON mails (status, id);
CREATE INDEX mails_to_idx ON mails (lower(to_address));

CREATE TABLE app_meta (
  key text PRIMARY KEY,
  value text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Tenders (offres): one per (project, professional). Created here so the bell has a real source;
-- the tenders module adds its columns and the link to projects.
CREATE TABLE offers (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id integer,
  professional_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'Disponible' CHECK (status IN ('Disponible', 'Acceptée', 'Refusée', 'Expirée', 'Clôturée')),
  validation text NOT NULL DEFAULT '0' CHECK (validation IN ('0', '1')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX offers_professional_available_idx ON offers (professional_id, status, validation);
CREATE INDEX offers_status_idx ON offers (status, validation);
