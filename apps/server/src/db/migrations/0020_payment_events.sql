-- migrate:up
-- The gateway's webhook events seen (DESIGN §10): an event is applied in the transaction that records
-- its id here, so a replayed or repeated event (the same x-razorpay-event-id) changes nothing, and an
-- event whose effect was rolled back (a crash) is applied when the gateway sends it again.
CREATE TABLE payment_events (
  event_id text PRIMARY KEY,
  gateway text NOT NULL,
  kind text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);

-- migrate:down
DROP TABLE payment_events;
