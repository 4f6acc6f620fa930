-- migrate:up
-- API keys of service callers (DESIGN §10): the storefront and the student app call with
-- `Authorization: Bearer lk_...`. Only the SHA-256 of a key is kept, beside its first characters
-- (`prefix`), which find the key's row and tell keys apart on screen. A revoked key stays, listed as such.
CREATE TABLE api_keys (
  id text PRIMARY KEY,
  name text NOT NULL,
  scopes jsonb NOT NULL,
  prefix text NOT NULL,
  secret_hash text NOT NULL UNIQUE,
  created_by text REFERENCES users (id) ON DELETE SET NULL,
  created_by_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz,
  revoked_by_name text
);
CREATE INDEX api_keys_prefix_idx ON api_keys (prefix);

-- Calls with a key that is unknown or revoked, by client address: too many in the window answer 429,
-- as too many sign-in codes do. Rows older than the window are swept.
CREATE TABLE api_key_failures (
  id bigserial PRIMARY KEY,
  ip text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX api_key_failures_ip_idx ON api_key_failures (ip, created_at);

-- migrate:down
DROP TABLE api_key_failures;
DROP TABLE api_keys;
