-- migrate:up
-- One row that /api/health rewrites on every check: a read proves the database answers, this write
-- that it can still store something (a full disk answers reads and refuses writes).
CREATE TABLE health_probes (
  id integer PRIMARY KEY,
  checked_at timestamptz NOT NULL DEFAULT now()
);

-- migrate:down
DROP TABLE health_probes;
