-- migrate:up
-- Demo mode's development e-mail outbox (DESIGN §9 "Real parts"): every message the console would
-- have mailed, kept so a person (or a journey) can read it back through GET /api/dev/mail-outbox.
CREATE TABLE mail_outbox (
  id bigserial PRIMARY KEY,
  message_id text NOT NULL UNIQUE,
  recipient text NOT NULL,
  sender text NOT NULL,
  subject text NOT NULL,
  body_text text NOT NULL,
  body_html text,
  sent_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_outbox_recipient_idx ON mail_outbox (lower(recipient), id DESC);

-- migrate:down
DROP TABLE mail_outbox;
