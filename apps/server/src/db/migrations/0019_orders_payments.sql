-- migrate:up
-- Orders and payments (DESIGN §10, issue 33): orders are placed here, not only read. An order names
-- the listing and plan it was priced from, how it is to be paid, and when an unpaid one expires; its
-- payments are rows of their own, each unique on its cause (the gateway's payment id, an offline
-- receipt's mode and reference), so the same payment recorded twice is one payment.
ALTER TABLE orders ADD COLUMN store_listing_id text REFERENCES store_listings(id) ON DELETE SET NULL;
ALTER TABLE orders ADD COLUMN subscription_id text REFERENCES subscriptions(id) ON DELETE SET NULL;
ALTER TABLE orders ADD COLUMN payment_mode text NOT NULL DEFAULT 'ONLINE';
ALTER TABLE orders ADD COLUMN amounts jsonb;
ALTER TABLE orders ADD COLUMN expires_at timestamptz;
ALTER TABLE orders ADD COLUMN gateway_order_id text UNIQUE;
ALTER TABLE orders ADD COLUMN created_by_name text NOT NULL DEFAULT '';
ALTER TABLE orders ADD CONSTRAINT orders_payment_mode_check CHECK (payment_mode IN ('ONLINE', 'OFFLINE'));
ALTER TABLE orders ADD CONSTRAINT orders_payment_status_check
  CHECK (payment_status IN ('PENDING', 'PAID', 'FAILED', 'EXPIRED', 'PARTIALLY_REFUNDED', 'REFUNDED'));
-- the expiry job's search: unpaid orders by when they expire
CREATE INDEX orders_pending_expiry_idx ON orders (expires_at) WHERE payment_status = 'PENDING';

CREATE TABLE payments (
  id text PRIMARY KEY,
  order_id text NOT NULL REFERENCES orders(id) ON DELETE RESTRICT,
  mode text NOT NULL CHECK (mode IN ('ONLINE', 'CASH', 'UPI', 'BANK_TRANSFER', 'CHEQUE')),
  reference text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  received_on date NOT NULL,
  recorded_by text REFERENCES users(id) ON DELETE SET NULL,
  recorded_by_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (mode, reference)
);
CREATE INDEX payments_order_idx ON payments (order_id);

-- migrate:down
DROP TABLE payments;
DROP INDEX orders_pending_expiry_idx;
ALTER TABLE orders DROP CONSTRAINT orders_payment_status_check, DROP CONSTRAINT orders_payment_mode_check,
  DROP COLUMN created_by_name, DROP COLUMN gateway_order_id, DROP COLUMN expires_at, DROP COLUMN amounts,
  DROP COLUMN payment_mode, DROP COLUMN subscription_id, DROP COLUMN store_listing_id;
