-- Project categories and goods (biens); each category lists the goods it applies to.
CREATE TABLE categories (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  icon text,
  image_path text,
  position integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX categories_active_position_idx ON categories (active, position);

CREATE TABLE biens (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  icon text,
  position integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE category_biens (
  category_id integer NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
  bien_id integer NOT NULL REFERENCES biens (id) ON DELETE CASCADE,
  PRIMARY KEY (category_id, bien_id)
);
CREATE INDEX category_biens_bien_idx ON category_biens (bien_id);
