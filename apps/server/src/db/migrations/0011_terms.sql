-- migrate:up
-- Legal terms (issue 16): every save is a new version, kept read-only with a hash of its text; the
-- latest is what students get. Acceptances are an append-only record of student, version, text hash
-- and time. The database itself refuses to change either (the triggers), whoever asks.
CREATE TABLE terms_versions (
  id text PRIMARY KEY,
  version integer NOT NULL UNIQUE CHECK (version >= 1),
  content text NOT NULL,
  text_hash text NOT NULL,
  change_note text NOT NULL,
  minor_change boolean NOT NULL DEFAULT false,
  created_by text REFERENCES users(id) ON DELETE SET NULL,
  created_by_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE terms_acceptances (
  id bigserial PRIMARY KEY,
  student_id text NOT NULL REFERENCES students(id) ON DELETE RESTRICT,
  terms_version_id text NOT NULL REFERENCES terms_versions(id) ON DELETE RESTRICT,
  text_hash text NOT NULL,
  accepted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX terms_acceptances_version_idx ON terms_acceptances (terms_version_id, student_id);

CREATE FUNCTION terms_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'rows of % are never changed or deleted', TG_TABLE_NAME;
END
$$;
CREATE TRIGGER terms_versions_read_only BEFORE UPDATE OR DELETE ON terms_versions
  FOR EACH ROW EXECUTE FUNCTION terms_refuse_change();
CREATE TRIGGER terms_acceptances_append_only BEFORE UPDATE OR DELETE ON terms_acceptances
  FOR EACH ROW EXECUTE FUNCTION terms_refuse_change();

-- migrate:down
DROP TABLE terms_acceptances;
DROP TABLE terms_versions;
DROP FUNCTION terms_refuse_change();
