-- migrate:up
-- Publisher I (issue 13): catalogues grow from the demo-video browser's folders into sellable courses,
-- with their subjects, subscriptions (each with one-time-sale products) and add-ons; store categories;
-- and the store listing's link to its catalogue and category (the listing's own fields come with issue 15).
ALTER TABLE catalogues ADD COLUMN code text;
UPDATE catalogues SET code = upper(id) WHERE code IS NULL;
ALTER TABLE catalogues ALTER COLUMN code SET NOT NULL;
ALTER TABLE catalogues ADD COLUMN description text NOT NULL DEFAULT '';
ALTER TABLE catalogues ADD COLUMN publisher_name text NOT NULL DEFAULT '';
ALTER TABLE catalogues ADD COLUMN publisher_logo_link text;
ALTER TABLE catalogues ADD COLUMN theme jsonb NOT NULL DEFAULT '{}';
ALTER TABLE catalogues ADD COLUMN resources jsonb NOT NULL DEFAULT '[]';
ALTER TABLE catalogues ADD COLUMN instructors jsonb NOT NULL DEFAULT '[]';
ALTER TABLE catalogues ADD COLUMN tags jsonb NOT NULL DEFAULT '[]';
ALTER TABLE catalogues ADD COLUMN preview_video_ids jsonb NOT NULL DEFAULT '[]';
ALTER TABLE catalogues ADD COLUMN publish_state boolean NOT NULL DEFAULT false;
ALTER TABLE catalogues ADD COLUMN featured boolean NOT NULL DEFAULT false;
ALTER TABLE catalogues ADD COLUMN featured_on_lead_page boolean NOT NULL DEFAULT false;
ALTER TABLE catalogues ADD COLUMN package_code text NOT NULL DEFAULT '';
ALTER TABLE catalogues ADD COLUMN package_group_code text NOT NULL DEFAULT '';
ALTER TABLE catalogues ADD COLUMN archived boolean NOT NULL DEFAULT false;
ALTER TABLE catalogues ADD COLUMN version integer NOT NULL DEFAULT 0;
ALTER TABLE catalogues ADD COLUMN created_by text REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE catalogues ADD COLUMN created_by_name text NOT NULL DEFAULT '';
ALTER TABLE catalogues ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
CREATE UNIQUE INDEX catalogues_code_key ON catalogues (lower(code));
CREATE INDEX catalogues_name_idx ON catalogues (name, id);

CREATE TABLE catalogue_subjects (
  catalogue_id text NOT NULL REFERENCES catalogues(id) ON DELETE CASCADE,
  subject_id text NOT NULL REFERENCES subjects(id) ON DELETE CASCADE,
  position integer NOT NULL,
  PRIMARY KEY (catalogue_id, subject_id)
);
CREATE INDEX catalogue_subjects_subject_idx ON catalogue_subjects (subject_id);

CREATE TABLE subscriptions (
  id text PRIMARY KEY,
  catalogue_id text NOT NULL REFERENCES catalogues(id) ON DELETE CASCADE,
  position integer NOT NULL,
  label text NOT NULL,
  subscription_type text NOT NULL,
  featured boolean NOT NULL DEFAULT false,
  price bigint NOT NULL CHECK (price >= 0),
  list_price bigint CHECK (list_price >= 0),
  number_of_months integer,
  end_date date,
  version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX subscriptions_catalogue_idx ON subscriptions (catalogue_id, position);

CREATE TABLE ots_products (
  id text PRIMARY KEY,
  subscription_id text NOT NULL REFERENCES subscriptions(id) ON DELETE CASCADE,
  position integer NOT NULL,
  product_label text NOT NULL,
  package_code text NOT NULL,
  group_code text NOT NULL,
  status text NOT NULL DEFAULT 'CREATED',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ots_products_subscription_idx ON ots_products (subscription_id, position);

CREATE TABLE add_ons (
  id text PRIMARY KEY,
  catalogue_id text NOT NULL REFERENCES catalogues(id) ON DELETE CASCADE,
  position integer NOT NULL,
  name text NOT NULL,
  price bigint NOT NULL CHECK (price >= 0),
  description text NOT NULL DEFAULT '',
  automation_type text NOT NULL DEFAULT 'NONE',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX add_ons_catalogue_idx ON add_ons (catalogue_id, position);

CREATE TABLE categories (
  id text PRIMARY KEY,
  name text NOT NULL,
  publish_state boolean NOT NULL DEFAULT false,
  position integer NOT NULL,
  version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX categories_name_key ON categories (lower(name));

CREATE TABLE sub_categories (
  id text PRIMARY KEY,
  category_id text NOT NULL REFERENCES categories(id) ON DELETE CASCADE,
  name text NOT NULL,
  position integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sub_categories_category_idx ON sub_categories (category_id, position);

CREATE TABLE store_listings (
  id text PRIMARY KEY,
  catalogue_id text NOT NULL UNIQUE REFERENCES catalogues(id) ON DELETE RESTRICT,
  name text NOT NULL,
  code text NOT NULL,
  slug text NOT NULL,
  category_id text REFERENCES categories(id) ON DELETE SET NULL,
  sub_category_id text REFERENCES sub_categories(id) ON DELETE SET NULL,
  version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX store_listings_code_key ON store_listings (lower(code));
CREATE UNIQUE INDEX store_listings_slug_key ON store_listings (slug);
CREATE INDEX store_listings_category_idx ON store_listings (category_id);

-- migrate:down
DROP TABLE store_listings;
DROP TABLE sub_categories;
DROP TABLE categories;
DROP TABLE add_ons;
DROP TABLE ots_products;
DROP TABLE subscriptions;
DROP TABLE catalogue_subjects;
DROP INDEX catalogues_name_idx;
DROP INDEX catalogues_code_key;
ALTER TABLE catalogues DROP COLUMN code, DROP COLUMN description, DROP COLUMN publisher_name,
  DROP COLUMN publisher_logo_link, DROP COLUMN theme, DROP COLUMN resources, DROP COLUMN instructors,
  DROP COLUMN tags, DROP COLUMN preview_video_ids, DROP COLUMN publish_state, DROP COLUMN featured,
  DROP COLUMN featured_on_lead_page, DROP COLUMN package_code, DROP COLUMN package_group_code,
  DROP COLUMN archived, DROP COLUMN version, DROP COLUMN created_by, DROP COLUMN created_by_name,
  DROP COLUMN updated_at;
