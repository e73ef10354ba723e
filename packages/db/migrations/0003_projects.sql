-- Client projects (DESIGN §4): the request of spec §3, state and stage, complementary details,
-- files, and the activity history. Tenders (offers) now point at their project.
CREATE TABLE projects (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  client_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  support text NOT NULL,
  category_id integer NOT NULL REFERENCES categories (id) ON DELETE RESTRICT,
  bien_id integer NOT NULL REFERENCES biens (id) ON DELETE RESTRICT,
  street text NOT NULL,
  postcode text NOT NULL,
  city text NOT NULL,
  city_code text NOT NULL,
  departement text NOT NULL,
  latitude double precision,
  longitude double precision,
  show_address boolean NOT NULL DEFAULT false,
  surface double precision NOT NULL CHECK (surface > 0),
  works_surface double precision NOT NULL CHECK (works_surface > 0),
  property_value_cents bigint CHECK (property_value_cents IS NULL OR property_value_cents > 0),
  budget text NOT NULL,
  budget_min_cents bigint NOT NULL,
  budget_max_cents bigint,
  times text NOT NULL,
  delai text NOT NULL,
  proprio text NOT NULL,
  description text NOT NULL,
  accompagnement boolean NOT NULL DEFAULT false,
  besoin_accompagnement text,
  type_client text NOT NULL CHECK (type_client IN ('particulier', 'entreprise')),
  company_name text,
  siret text,
  civility text NOT NULL,
  lastname text NOT NULL,
  firstname text NOT NULL,
  email text NOT NULL,
  phone text NOT NULL,
  country text NOT NULL,
  state text NOT NULL DEFAULT 'En attente'
    CHECK (state IN ('En attente', 'Validé', 'En consultation', 'Attribué', 'En cours', 'Terminé', 'Annulé')),
  stage text NOT NULL DEFAULT 'Étude'
    CHECK (stage IN ('Étude', 'Conception', 'Permis de construire', 'Consultation des entreprises', 'Travaux', 'Réception')),
  -- Lowercase, unaccented words (name, e-mail, company, city, postcode, reference) for the admin search.
  search_text text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (works_surface <= surface)
);
-- The admin list sorts by creation date (newest first); each filter has an index that keeps that order.
CREATE INDEX projects_created_idx ON projects (created_at DESC, id DESC);
CREATE INDEX projects_state_created_idx ON projects (state, created_at DESC, id DESC);
CREATE INDEX projects_stage_created_idx ON projects (stage, created_at DESC, id DESC);
CREATE INDEX projects_category_created_idx ON projects (category_id, created_at DESC, id DESC);
CREATE INDEX projects_departement_created_idx ON projects (departement, created_at DESC, id DESC);
CREATE INDEX projects_client_created_idx ON projects (client_id, created_at DESC, id DESC);
CREATE INDEX projects_bien_idx ON projects (bien_id);
CREATE INDEX projects_search_idx ON projects USING gin (to_tsvector('simple', search_text));

-- Complementary information (questions and answers) added after the request.
CREATE TABLE project_details (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  author_id integer REFERENCES users (id) ON DELETE SET NULL,
  question text NOT NULL,
  answer text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX project_details_project_idx ON project_details (project_id, id);

-- Plans, photos, documents (PDF, JPEG, PNG); the bytes live in file storage under storage_key.
CREATE TABLE project_files (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  uploaded_by integer REFERENCES users (id) ON DELETE SET NULL,
  original_name text NOT NULL,
  storage_key text NOT NULL UNIQUE,
  mime_type text NOT NULL,
  size_bytes integer NOT NULL CHECK (size_bytes > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX project_files_project_idx ON project_files (project_id, id);

-- Who changed what, when.
CREATE TABLE project_activity (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  actor_id integer REFERENCES users (id) ON DELETE SET NULL,
  action text NOT NULL CHECK (action IN ('created', 'updated', 'state', 'stage', 'detail', 'file')),
  from_value text,
  to_value text,
  message text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX project_activity_project_idx ON project_activity (project_id, id);

-- Tenders belong to a project and go with it.
ALTER TABLE offers ADD CONSTRAINT offers_project_id_fkey FOREIGN KEY (project_id) REFERENCES projects (id) ON DELETE CASCADE;
CREATE INDEX offers_project_idx ON offers (project_id, status);
