-- migrate:up
-- Students (issue 14): the people who buy catalogues; their subscriptions (bought or granted by
-- staff), orders, and the GST tax invoices issued for paid orders, with consecutive serials per
-- financial year and credit notes for refunds.
CREATE TABLE students (
  id text PRIMARY KEY,
  name text NOT NULL,
  mobile_number text NOT NULL UNIQUE,
  email text,
  email_verified boolean NOT NULL DEFAULT false,
  email_verification jsonb,
  state_code text NOT NULL DEFAULT '29',
  gstin text,
  addresses jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE orders (
  id text PRIMARY KEY,
  student_id text NOT NULL REFERENCES students(id) ON DELETE CASCADE,
  items jsonb NOT NULL,
  coupon_code text,
  discount bigint NOT NULL DEFAULT 0 CHECK (discount >= 0),
  total bigint NOT NULL CHECK (total >= 0),
  payment_status text NOT NULL DEFAULT 'PENDING',
  payment_method text,
  gateway_reference text,
  paid_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_student_idx ON orders (student_id, created_at);

CREATE TABLE student_subscriptions (
  id text PRIMARY KEY,
  student_id text NOT NULL REFERENCES students(id) ON DELETE CASCADE,
  catalogue_id text NOT NULL REFERENCES catalogues(id) ON DELETE RESTRICT,
  subscription_id text REFERENCES subscriptions(id) ON DELETE SET NULL,
  label text NOT NULL,
  start_date date NOT NULL,
  end_date date NOT NULL,
  original_end_date date NOT NULL,
  cancelled boolean NOT NULL DEFAULT false,
  source_order_id text REFERENCES orders(id) ON DELETE SET NULL,
  grant_reason text,
  cancel_reason text,
  version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX student_subscriptions_student_idx ON student_subscriptions (student_id, start_date);
CREATE INDEX student_subscriptions_catalogue_idx ON student_subscriptions (catalogue_id);

-- The last serial given in each financial year: taken and raised in the issuing transaction, so
-- serials are consecutive and a rolled-back issue leaves no gap.
CREATE TABLE invoice_sequences (
  financial_year text PRIMARY KEY,
  last integer NOT NULL
);

CREATE TABLE invoices (
  id text PRIMARY KEY,
  order_id text NOT NULL UNIQUE REFERENCES orders(id) ON DELETE RESTRICT,
  invoice_number text NOT NULL UNIQUE,
  financial_year text NOT NULL,
  sequence integer NOT NULL,
  invoice_date date NOT NULL,
  total bigint NOT NULL,
  document jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (financial_year, sequence)
);

CREATE TABLE credit_notes (
  id text PRIMARY KEY,
  invoice_id text NOT NULL REFERENCES invoices(id) ON DELETE RESTRICT,
  credit_note_number text NOT NULL UNIQUE,
  amount bigint NOT NULL CHECK (amount > 0),
  reason text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX credit_notes_invoice_idx ON credit_notes (invoice_id);

-- migrate:down
DROP TABLE credit_notes;
DROP TABLE invoices;
DROP TABLE invoice_sequences;
DROP TABLE student_subscriptions;
DROP TABLE orders;
DROP TABLE students;
