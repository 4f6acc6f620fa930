-- migrate:up
-- The catalogues' recipients (students with a running subscription) are counted from this index
-- alone: the catalogue list counts them for every catalogue, details and the storefront for one.
CREATE INDEX student_subscriptions_running_idx ON student_subscriptions (catalogue_id, end_date, student_id)
  WHERE NOT cancelled;

-- migrate:down
DROP INDEX student_subscriptions_running_idx;
