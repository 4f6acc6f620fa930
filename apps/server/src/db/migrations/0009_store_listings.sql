-- migrate:up
-- Publisher II (issue 15): the store listing grows from its link to a catalogue and category into the
-- catalogue's page in the store. The parts a listing owns outright and only ever reads whole, in order
-- (testimonials, FAQs, question papers, preview videos, SEO), are jsonb on the row; the parts that point
-- at other rows are tables with foreign keys, so a deleted subscription or listing drops out of every
-- listing that showed it. Add-ons are kept as ids (jsonb): the catalogue editor rewrites its add-on rows
-- on every save, keeping their ids, which a cascading key would turn into lost choices.
ALTER TABLE store_listings ADD COLUMN description text NOT NULL DEFAULT '';
ALTER TABLE store_listings ADD COLUMN same_name_as_catalogue boolean NOT NULL DEFAULT false;
ALTER TABLE store_listings ADD COLUMN same_as_catalogue_hours boolean NOT NULL DEFAULT true;
ALTER TABLE store_listings ADD COLUMN hours double precision CHECK (hours >= 0);
ALTER TABLE store_listings ADD COLUMN exam_syllabus text NOT NULL DEFAULT '';
ALTER TABLE store_listings ADD COLUMN exam_pattern text NOT NULL DEFAULT '';
ALTER TABLE store_listings ADD COLUMN preparation_tips text NOT NULL DEFAULT '';
ALTER TABLE store_listings ADD COLUMN programs jsonb NOT NULL DEFAULT '[]';
ALTER TABLE store_listings ADD COLUMN store_icon_url text;
ALTER TABLE store_listings ADD COLUMN student_target_year integer;
ALTER TABLE store_listings ADD COLUMN featured_on_home_page boolean NOT NULL DEFAULT false;
ALTER TABLE store_listings ADD COLUMN featured_on_lead_page boolean NOT NULL DEFAULT false;
ALTER TABLE store_listings ADD COLUMN publish_state boolean NOT NULL DEFAULT false;
ALTER TABLE store_listings ADD COLUMN add_on_ids jsonb NOT NULL DEFAULT '[]';
ALTER TABLE store_listings ADD COLUMN preview_videos jsonb NOT NULL DEFAULT '[]';
ALTER TABLE store_listings ADD COLUMN testimonials jsonb NOT NULL DEFAULT '[]';
ALTER TABLE store_listings ADD COLUMN faqs jsonb NOT NULL DEFAULT '[]';
ALTER TABLE store_listings ADD COLUMN question_papers jsonb NOT NULL DEFAULT '[]';
ALTER TABLE store_listings ADD COLUMN seo jsonb NOT NULL DEFAULT '{}';
ALTER TABLE store_listings ADD COLUMN created_by text REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE store_listings ADD COLUMN created_by_name text NOT NULL DEFAULT '';
CREATE INDEX store_listings_featured_idx ON store_listings (featured_on_home_page, featured_on_lead_page);

-- The catalogue subscriptions a listing shows, in order, each optionally highlighted on it.
CREATE TABLE store_listing_subscriptions (
  store_listing_id text NOT NULL REFERENCES store_listings(id) ON DELETE CASCADE,
  subscription_id text NOT NULL REFERENCES subscriptions(id) ON DELETE CASCADE,
  position integer NOT NULL,
  featured boolean NOT NULL DEFAULT false,
  PRIMARY KEY (store_listing_id, subscription_id)
);
CREATE INDEX store_listing_subscriptions_subscription_idx ON store_listing_subscriptions (subscription_id);

-- Other listings a listing recommends, in order; never itself.
CREATE TABLE store_listing_recommendations (
  store_listing_id text NOT NULL REFERENCES store_listings(id) ON DELETE CASCADE,
  recommended_id text NOT NULL REFERENCES store_listings(id) ON DELETE CASCADE,
  position integer NOT NULL,
  PRIMARY KEY (store_listing_id, recommended_id),
  CHECK (store_listing_id <> recommended_id)
);
CREATE INDEX store_listing_recommendations_recommended_idx ON store_listing_recommendations (recommended_id);

-- migrate:down
DROP TABLE store_listing_recommendations;
DROP TABLE store_listing_subscriptions;
DROP INDEX store_listings_featured_idx;
ALTER TABLE store_listings DROP COLUMN description, DROP COLUMN same_name_as_catalogue,
  DROP COLUMN same_as_catalogue_hours, DROP COLUMN hours, DROP COLUMN exam_syllabus, DROP COLUMN exam_pattern,
  DROP COLUMN preparation_tips, DROP COLUMN programs, DROP COLUMN store_icon_url, DROP COLUMN student_target_year,
  DROP COLUMN featured_on_home_page, DROP COLUMN featured_on_lead_page, DROP COLUMN publish_state,
  DROP COLUMN add_on_ids, DROP COLUMN preview_videos, DROP COLUMN testimonials, DROP COLUMN faqs,
  DROP COLUMN question_papers, DROP COLUMN seo, DROP COLUMN created_by, DROP COLUMN created_by_name;
