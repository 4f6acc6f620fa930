-- migrate:up
-- Every order in one list (issue 34): newest first, filtered and searched, with the totals of the
-- whole filtered set summed by the database. An order's gross (GST included, before the coupon) and
-- its GST are kept beside it, computed from the amounts it was priced with (the demo's older orders
-- have none: their total and discount, no GST), so summing 100,000 orders reads no JSON.
ALTER TABLE orders
  ADD COLUMN gross bigint GENERATED ALWAYS AS (COALESCE((amounts ->> 'price')::bigint, total + discount)) STORED,
  ADD COLUMN gst bigint GENERATED ALWAYS AS (
    COALESCE((amounts ->> 'cgst')::bigint + (amounts ->> 'sgst')::bigint + (amounts ->> 'igst')::bigint, 0)
  ) STORED;
-- the list's order (newest first, stable with the id) and the India-day range on it
CREATE INDEX orders_created_idx ON orders (created_at DESC, id DESC);
-- the filters that pick few orders: a status, a coupon, a listing
CREATE INDEX orders_status_created_idx ON orders (payment_status, created_at DESC, id DESC);
CREATE INDEX orders_coupon_idx ON orders (coupon_code) WHERE coupon_code IS NOT NULL;
CREATE INDEX orders_store_listing_idx ON orders (store_listing_id) WHERE store_listing_id IS NOT NULL;
-- the search by a whole invoice number, typed in any case
CREATE INDEX invoices_number_lower_idx ON invoices (lower(invoice_number));

-- migrate:down
DROP INDEX invoices_number_lower_idx;
DROP INDEX orders_store_listing_idx;
DROP INDEX orders_coupon_idx;
DROP INDEX orders_status_created_idx;
DROP INDEX orders_created_idx;
ALTER TABLE orders DROP COLUMN gst, DROP COLUMN gross;
