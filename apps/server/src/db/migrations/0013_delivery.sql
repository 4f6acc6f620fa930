-- migrate:up
-- Delivery packages (issue 17): printed study material from paid orders whose add-on ships it
-- (automation DELIVERY). A package goes PENDING -process-> PROCESSED -deliver-> DELIVERED, or is
-- CANCELLED from PENDING or PROCESSED. It goes by courier (consignments with tracking ids), in hand (a
-- place where staff hand it over) or in person (picked up). Its addresses keep their history, one of
-- them current; a cancelled processed courier package records its return.
CREATE TABLE delivery_packages (
  id text PRIMARY KEY,
  order_id text NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  add_on_id text NOT NULL,
  student_id text NOT NULL REFERENCES students(id) ON DELETE CASCADE,
  catalogue_id text NOT NULL REFERENCES catalogues(id) ON DELETE RESTRICT,
  items jsonb NOT NULL,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'PROCESSED', 'DELIVERED', 'CANCELLED')),
  delivery_mode text NOT NULL DEFAULT 'COURIER' CHECK (delivery_mode IN ('COURIER', 'IN_PERSON', 'IN_HAND')),
  dispatch_type text NOT NULL DEFAULT 'STANDARD',
  ordered_at timestamptz NOT NULL,
  processed_at timestamptz,
  delivered_at timestamptz,
  version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- one package per shipping line of an order: making packages again makes none twice
  UNIQUE (order_id, add_on_id)
);
CREATE INDEX delivery_packages_status_idx ON delivery_packages (status, ordered_at);
CREATE INDEX delivery_packages_catalogue_idx ON delivery_packages (catalogue_id, status);
CREATE INDEX delivery_packages_student_idx ON delivery_packages (student_id);

CREATE TABLE delivery_addresses (
  id text PRIMARY KEY,
  package_id text NOT NULL REFERENCES delivery_packages(id) ON DELETE CASCADE,
  type text NOT NULL DEFAULT 'HOME',
  address_line1 text NOT NULL,
  address_line2 text NOT NULL DEFAULT '',
  land_mark text NOT NULL DEFAULT '',
  city text NOT NULL,
  state text NOT NULL,
  pin text NOT NULL CHECK (pin ~ '^[1-9][0-9]{5}$'),
  preferred_address boolean NOT NULL DEFAULT true,
  current boolean NOT NULL DEFAULT true,
  created_by text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX delivery_addresses_package_idx ON delivery_addresses (package_id, created_at);
CREATE UNIQUE INDEX delivery_addresses_current_idx ON delivery_addresses (package_id) WHERE current;

CREATE TABLE delivery_trackers (
  id text PRIMARY KEY,
  package_id text NOT NULL REFERENCES delivery_packages(id) ON DELETE CASCADE,
  service_provider text NOT NULL DEFAULT 'DTDC',
  tracking_id text NOT NULL,
  notes text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'BOOKED',
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'CLOSED')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- a tracking id belongs to one package: the last guard against two packages racing for it
CREATE UNIQUE INDEX delivery_trackers_tracking_id_idx ON delivery_trackers (tracking_id);
CREATE INDEX delivery_trackers_package_idx ON delivery_trackers (package_id);

CREATE TABLE delivery_in_hand (
  package_id text PRIMARY KEY REFERENCES delivery_packages(id) ON DELETE CASCADE,
  hand_delivery_location text NOT NULL,
  hand_delivery_notes text NOT NULL DEFAULT ''
);

CREATE TABLE delivery_pickups (
  package_id text PRIMARY KEY REFERENCES delivery_packages(id) ON DELETE CASCADE,
  recipient_type text NOT NULL DEFAULT 'REGISTERED_STUDENT',
  recipient_name text NOT NULL,
  recipient_phone_number text NOT NULL,
  notes text NOT NULL DEFAULT ''
);

CREATE TABLE delivery_cancellations (
  package_id text PRIMARY KEY REFERENCES delivery_packages(id) ON DELETE CASCADE,
  cancellation_request_type text NOT NULL,
  description text NOT NULL,
  cancelled_from text NOT NULL,
  -- the consignment coming back, when a processed courier package is cancelled
  return_tracker_id text REFERENCES delivery_trackers(id) ON DELETE SET NULL,
  cancelled_by text NOT NULL,
  cancelled_at timestamptz NOT NULL DEFAULT now()
);

-- migrate:down
DROP TABLE delivery_cancellations;
DROP TABLE delivery_pickups;
DROP TABLE delivery_in_hand;
DROP TABLE delivery_trackers;
DROP TABLE delivery_addresses;
DROP TABLE delivery_packages;
