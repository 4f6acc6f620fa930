-- migrate:up
-- Student updates (issue 20, spec 2 §7 "Student updates"): news, exam alerts, class changes, offers and
-- results written by content staff for students. DRAFT -schedule-> SCHEDULED -(its time)-> PUBLISHED
-- -withdraw-> WITHDRAWN (the contract's nextUpdateState); a SCHEDULED update carries the time it
-- publishes at and the id of the queued job that publishes it (the job queue of transcoding), so the
-- schedule survives restarts and a start-up sweep finds one whose job was lost.
CREATE TABLE student_updates (
  id text PRIMARY KEY,
  update_type text NOT NULL
    CHECK (update_type IN ('announcements', 'exam-alerts', 'class-updates', 'offers', 'results')),
  title text NOT NULL,
  -- sanitised HTML (lib/rich-text.ts)
  body text NOT NULL DEFAULT '',
  -- an image (the student-update-image resource type) or a transcoded video, never both
  image_url text,
  video_id text REFERENCES videos(id) ON DELETE SET NULL,
  -- EVERYONE, or the catalogues, batches or groups of student_update_targets
  audience_kind text NOT NULL CHECK (audience_kind IN ('EVERYONE', 'CATALOGUES', 'BATCHES', 'GROUPS')),
  state text NOT NULL DEFAULT 'DRAFT' CHECK (state IN ('DRAFT', 'SCHEDULED', 'PUBLISHED', 'WITHDRAWN')),
  -- when a SCHEDULED update publishes (kept once published: when it was meant to)
  publish_at timestamptz,
  -- the queued job that publishes it at publish_at (pg-boss's id), null when none was queued
  publish_job_id text,
  published_at timestamptz,
  withdrawn_at timestamptz,
  created_by text REFERENCES users(id) ON DELETE SET NULL,
  created_by_name text NOT NULL,
  updated_by text REFERENCES users(id) ON DELETE SET NULL,
  updated_by_name text NOT NULL,
  version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (image_url IS NULL OR video_id IS NULL),
  CHECK (state <> 'SCHEDULED' OR publish_at IS NOT NULL),
  CHECK (state <> 'PUBLISHED' OR published_at IS NOT NULL)
);
CREATE INDEX student_updates_type_idx ON student_updates (update_type, created_at DESC);
-- the sweep's look for scheduled updates whose time has come
CREATE INDEX student_updates_due_idx ON student_updates (publish_at) WHERE state = 'SCHEDULED';

-- Whom an update is sent to, when not everyone: catalogues (their students with a running
-- subscription), batches (their students) or groups (the students of their batches). Deleting a
-- catalogue, batch or group takes it out of the audiences that named it.
CREATE TABLE student_update_catalogues (
  update_id text NOT NULL REFERENCES student_updates(id) ON DELETE CASCADE,
  catalogue_id text NOT NULL REFERENCES catalogues(id) ON DELETE CASCADE,
  PRIMARY KEY (update_id, catalogue_id)
);
CREATE INDEX student_update_catalogues_catalogue_idx ON student_update_catalogues (catalogue_id);
CREATE TABLE student_update_batches (
  update_id text NOT NULL REFERENCES student_updates(id) ON DELETE CASCADE,
  batch_id text NOT NULL REFERENCES batches(id) ON DELETE CASCADE,
  PRIMARY KEY (update_id, batch_id)
);
CREATE INDEX student_update_batches_batch_idx ON student_update_batches (batch_id);
CREATE TABLE student_update_groups (
  update_id text NOT NULL REFERENCES student_updates(id) ON DELETE CASCADE,
  group_id text NOT NULL REFERENCES student_groups(id) ON DELETE CASCADE,
  PRIMARY KEY (update_id, group_id)
);
CREATE INDEX student_update_groups_group_idx ON student_update_groups (group_id);

-- Content of the students' app pages that staff choose (/cms/pagecontent): for now the home page's
-- video, one row made here so it always exists and carries a version for the editor.
CREATE TABLE page_content (
  key text PRIMARY KEY CHECK (key IN ('home-video')),
  video_id text REFERENCES videos(id) ON DELETE SET NULL,
  updated_by text REFERENCES users(id) ON DELETE SET NULL,
  updated_by_name text,
  updated_at timestamptz,
  version integer NOT NULL DEFAULT 0
);
INSERT INTO page_content (key) VALUES ('home-video');

-- migrate:down
DROP TABLE page_content;
DROP TABLE student_update_groups;
DROP TABLE student_update_batches;
DROP TABLE student_update_catalogues;
DROP TABLE student_updates;
