-- migrate:up
-- One row per upload started through POST /file-explorer-service/cloud/uploads (docs/storage.md).
CREATE TABLE uploads (
  id text PRIMARY KEY,
  -- 'subject', 'preview-video' or a resource type key
  target_type text NOT NULL,
  subject_id text REFERENCES subjects(id) ON DELETE CASCADE,
  unit_id text,
  topic_id text,
  catalogue_id text,
  bucket text NOT NULL,
  storage_key text NOT NULL,
  -- the name as chosen (for messages), the file type its extension claims, the size announced
  original_name text NOT NULL,
  file_type text NOT NULL,
  size bigint NOT NULL,
  content_type text NOT NULL,
  fingerprint text,
  mode text NOT NULL,
  part_size bigint NOT NULL,
  part_count integer NOT NULL,
  -- the storage's own multipart upload id
  multipart_id text,
  -- STARTED, COMPLETING, COMPLETED, REGISTERED, ABORTED, REFUSED
  status text NOT NULL DEFAULT 'STARTED',
  video_id text REFERENCES videos(id) ON DELETE SET NULL,
  created_by text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);
-- An object key is being uploaded by at most one upload at a time.
CREATE UNIQUE INDEX uploads_active_key_idx ON uploads (bucket, storage_key) WHERE status IN ('STARTED', 'COMPLETING');
CREATE INDEX uploads_key_idx ON uploads (bucket, storage_key);
CREATE INDEX uploads_resume_idx ON uploads (created_by, original_name, size) WHERE status = 'STARTED';
CREATE INDEX uploads_stale_idx ON uploads (status, created_at);

-- Parts stored so far, as reported by the browser or read from storage: what a resumed upload skips.
CREATE TABLE upload_parts (
  upload_id text NOT NULL REFERENCES uploads(id) ON DELETE CASCADE,
  part_number integer NOT NULL,
  etag text NOT NULL,
  size bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (upload_id, part_number)
);

-- Where a video sits in the file explorer (Subjects > Units > Topics > files).
CREATE TABLE video_placements (
  video_id text PRIMARY KEY REFERENCES videos(id) ON DELETE CASCADE,
  unit_id text REFERENCES units(id) ON DELETE SET NULL,
  topic_id text REFERENCES topics(id) ON DELETE SET NULL
);
CREATE INDEX video_placements_topic_idx ON video_placements (topic_id);
CREATE INDEX video_placements_unit_idx ON video_placements (unit_id);
CREATE INDEX videos_catalogue_idx ON videos (catalogue_id, uploaded_at);

-- migrate:down
DROP INDEX videos_catalogue_idx;
DROP TABLE video_placements;
DROP TABLE upload_parts;
DROP TABLE uploads;
