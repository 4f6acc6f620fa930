-- migrate:up
-- An order's caller-given id (DESIGN §10): a storefront that retries a create whose answer it lost
-- sends the same id again and gets the order it placed, not a second one.
ALTER TABLE orders ADD COLUMN request_id text UNIQUE;

-- migrate:down
ALTER TABLE orders DROP COLUMN request_id;
