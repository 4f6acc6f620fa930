-- migrate:up
ALTER TABLE activity_log ADD COLUMN summary text;
ALTER TABLE activity_log ADD COLUMN subject_id text;
CREATE INDEX activity_subject_idx ON activity_log (subject_id, created_at);

CREATE TABLE subjects (
  id text PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  subject_state text NOT NULL DEFAULT 'IN_PROGRESS',
  subject_info text NOT NULL DEFAULT '',
  locked boolean NOT NULL DEFAULT false,
  image_path text,
  image_name text,
  video_path text,
  coming_soon boolean NOT NULL DEFAULT false,
  content_admin_id text REFERENCES users(id) ON DELETE SET NULL,
  instructors jsonb NOT NULL DEFAULT '[]',
  last_review jsonb,
  version integer NOT NULL DEFAULT 0,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX subjects_state_idx ON subjects (subject_state);

CREATE TABLE subject_assignees (
  subject_id text NOT NULL REFERENCES subjects(id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (subject_id, user_id, role)
);
CREATE INDEX subject_assignees_user_idx ON subject_assignees (user_id);

CREATE TABLE videos (
  id text PRIMARY KEY,
  subject_id text REFERENCES subjects(id) ON DELETE CASCADE,
  catalogue_id text,
  name text NOT NULL,
  storage_key text NOT NULL UNIQUE,
  size bigint NOT NULL DEFAULT 0,
  duration_seconds double precision NOT NULL DEFAULT 0,
  transcoding_status text NOT NULL DEFAULT 'NOT_STARTED',
  job_id text,
  endpoints jsonb NOT NULL DEFAULT '[]',
  uploaded_by text,
  uploaded_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX videos_subject_idx ON videos (subject_id, uploaded_at);

CREATE TABLE units (
  id text PRIMARY KEY,
  subject_id text NOT NULL REFERENCES subjects(id) ON DELETE CASCADE,
  name text NOT NULL,
  position integer NOT NULL,
  active boolean NOT NULL DEFAULT true,
  trial boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'draft',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX units_subject_idx ON units (subject_id, position);

CREATE TABLE topics (
  id text PRIMARY KEY,
  unit_id text NOT NULL REFERENCES units(id) ON DELETE CASCADE,
  subject_id text NOT NULL REFERENCES subjects(id) ON DELETE CASCADE,
  name text NOT NULL,
  position integer NOT NULL,
  active boolean NOT NULL DEFAULT true,
  trial boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'draft',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX topics_unit_idx ON topics (unit_id, position);
CREATE INDEX topics_subject_idx ON topics (subject_id);

CREATE TABLE subtopics (
  id text PRIMARY KEY,
  topic_id text NOT NULL REFERENCES topics(id) ON DELETE CASCADE,
  unit_id text NOT NULL REFERENCES units(id) ON DELETE CASCADE,
  subject_id text NOT NULL REFERENCES subjects(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  position integer NOT NULL,
  active boolean NOT NULL DEFAULT true,
  trial boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'draft',
  video_id text REFERENCES videos(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX subtopics_topic_idx ON subtopics (topic_id, position);
CREATE INDEX subtopics_subject_idx ON subtopics (subject_id);

-- migrate:down
DROP TABLE subtopics;
DROP TABLE topics;
DROP TABLE units;
DROP TABLE videos;
DROP TABLE subject_assignees;
DROP TABLE subjects;
DROP INDEX activity_subject_idx;
ALTER TABLE activity_log DROP COLUMN subject_id;
ALTER TABLE activity_log DROP COLUMN summary;
