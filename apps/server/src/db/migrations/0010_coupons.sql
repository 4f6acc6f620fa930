-- migrate:up
-- Coupons (issue 16): a percentage or a flat amount (paise) off the price of store listings' plans,
-- for every listing or some (chosen directly, or through their catalogues' subjects), for any student
-- or students named by their verified mobile number, between two Indian days. Redemptions record each
-- use (student, order, amount saved): RESERVED inside the order's transaction, CONFIRMED when it is
-- paid, RELEASED when the payment fails or the order expires, so a failed payment never burns a use.
-- The history keeps every change of a coupon, field by field, with who made it.
CREATE TABLE coupons (
  id text PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  percentage boolean NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  expired boolean NOT NULL DEFAULT false,
  expired_at timestamptz,
  expired_by text REFERENCES users(id) ON DELETE SET NULL,
  expired_by_name text,
  featured boolean NOT NULL DEFAULT false,
  applicable_for_entire_course boolean NOT NULL DEFAULT false,
  unlimited boolean NOT NULL DEFAULT false,
  applicable_from date NOT NULL,
  applicable_upto date,
  applicable_for_any_student boolean NOT NULL DEFAULT true,
  usage_limit boolean NOT NULL DEFAULT false,
  use_limit integer CHECK (use_limit >= 1),
  version integer NOT NULL DEFAULT 0,
  created_by text REFERENCES users(id) ON DELETE SET NULL,
  created_by_name text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (NOT percentage OR amount <= 100),
  CHECK (applicable_upto IS NULL OR applicable_from <= applicable_upto),
  CHECK (unlimited = (applicable_upto IS NULL)),
  CHECK (usage_limit = (use_limit IS NOT NULL))
);
-- Names are unique without regard to case: DIWALI500 and diwali500 are one coupon.
CREATE UNIQUE INDEX coupons_name_key ON coupons (lower(name));
CREATE INDEX coupons_created_idx ON coupons (created_at);

-- The students a coupon is for (when not for any student): the student and the number matched.
CREATE TABLE coupon_students (
  coupon_id text NOT NULL REFERENCES coupons(id) ON DELETE CASCADE,
  student_id text NOT NULL REFERENCES students(id) ON DELETE CASCADE,
  mobile_number text NOT NULL,
  PRIMARY KEY (coupon_id, student_id)
);
CREATE INDEX coupon_students_mobile_idx ON coupon_students (mobile_number);

CREATE TABLE coupon_store_listings (
  coupon_id text NOT NULL REFERENCES coupons(id) ON DELETE CASCADE,
  store_listing_id text NOT NULL REFERENCES store_listings(id) ON DELETE CASCADE,
  PRIMARY KEY (coupon_id, store_listing_id)
);
CREATE INDEX coupon_store_listings_listing_idx ON coupon_store_listings (store_listing_id);

CREATE TABLE coupon_subjects (
  coupon_id text NOT NULL REFERENCES coupons(id) ON DELETE CASCADE,
  subject_id text NOT NULL REFERENCES subjects(id) ON DELETE CASCADE,
  PRIMARY KEY (coupon_id, subject_id)
);
CREATE INDEX coupon_subjects_subject_idx ON coupon_subjects (subject_id);

-- One use of a coupon by one order. A coupon with uses is never deleted (RESTRICT).
CREATE TABLE coupon_redemptions (
  id text PRIMARY KEY,
  coupon_id text NOT NULL REFERENCES coupons(id) ON DELETE RESTRICT,
  student_id text NOT NULL REFERENCES students(id) ON DELETE CASCADE,
  order_id text NOT NULL UNIQUE REFERENCES orders(id) ON DELETE CASCADE,
  store_listing_id text REFERENCES store_listings(id) ON DELETE SET NULL,
  subscription_id text REFERENCES subscriptions(id) ON DELETE SET NULL,
  amount_saved bigint NOT NULL CHECK (amount_saved >= 0),
  status text NOT NULL DEFAULT 'RESERVED' CHECK (status IN ('RESERVED', 'CONFIRMED', 'RELEASED')),
  reserved_at timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz,
  released_at timestamptz,
  release_reason text
);
CREATE INDEX coupon_redemptions_coupon_idx ON coupon_redemptions (coupon_id, status);
-- Each student uses a coupon once: a second live use is refused by the database as well as the rules.
CREATE UNIQUE INDEX coupon_redemptions_once_key ON coupon_redemptions (coupon_id, student_id)
  WHERE status <> 'RELEASED';

CREATE TABLE coupon_history (
  id text PRIMARY KEY,
  coupon_id text NOT NULL REFERENCES coupons(id) ON DELETE CASCADE,
  version integer NOT NULL,
  action text NOT NULL,
  actor_id text REFERENCES users(id) ON DELETE SET NULL,
  actor_name text NOT NULL,
  changes jsonb NOT NULL,
  used_at_change integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX coupon_history_coupon_idx ON coupon_history (coupon_id, version);

-- migrate:down
DROP TABLE coupon_history;
DROP TABLE coupon_redemptions;
DROP TABLE coupon_subjects;
DROP TABLE coupon_store_listings;
DROP TABLE coupon_students;
DROP TABLE coupons;
