-- migrate:up
CREATE TABLE settings (
  key text PRIMARY KEY,
  value text NOT NULL
);

CREATE TABLE roles (
  id integer PRIMARY KEY,
  name text NOT NULL UNIQUE
);
INSERT INTO roles (id, name) VALUES
  (1, 'SUPER_ADMIN'), (2, 'CONTENT_ADMIN'), (3, 'CONTENT_DEVELOPER'),
  (4, 'CONTENT_UPLOADER'), (5, 'FINANCE'), (6, 'INSTRUCTOR');

CREATE TABLE users (
  id text PRIMARY KEY,
  first_name text NOT NULL,
  last_name text NOT NULL DEFAULT '',
  email text NOT NULL,
  phone text NOT NULL UNIQUE,
  image text,
  active boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 0,
  last_sign_in_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE user_roles (
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role_id integer NOT NULL REFERENCES roles(id),
  PRIMARY KEY (user_id, role_id)
);

CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  ip text,
  user_agent text
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE otp_codes (
  id bigserial PRIMARY KEY,
  mobile_number text NOT NULL,
  user_id text,
  code_hash text NOT NULL,
  ip text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz
);
CREATE INDEX otp_codes_mobile_idx ON otp_codes (mobile_number, created_at);
CREATE INDEX otp_codes_ip_idx ON otp_codes (ip, created_at);

CREATE TABLE signature_nonces (
  id text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);

CREATE TABLE dev_outbox (
  id bigserial PRIMARY KEY,
  mobile_number text NOT NULL,
  code text NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE notifications (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  type text NOT NULL,
  title text NOT NULL,
  body text,
  link text,
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_user_idx ON notifications (user_id, created_at);

CREATE TABLE activity_log (
  id bigserial PRIMARY KEY,
  actor_id text,
  action text NOT NULL,
  entity_type text NOT NULL,
  entity_id text NOT NULL,
  before jsonb,
  after jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX activity_entity_idx ON activity_log (entity_type, entity_id, created_at);

-- migrate:down
DROP TABLE activity_log;
DROP TABLE notifications;
DROP TABLE dev_outbox;
DROP TABLE signature_nonces;
DROP TABLE otp_codes;
DROP TABLE sessions;
DROP TABLE user_roles;
DROP TABLE users;
DROP TABLE roles;
DROP TABLE settings;
