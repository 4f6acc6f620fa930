-- migrate:up
-- Catalogues: the demo-video browser's folders (the publisher area extends this table).
CREATE TABLE catalogues (
  id text PRIMARY KEY,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Live classes, as far as recordings need them: a recording is a video with its live class.
CREATE TABLE live_classes (
  id text PRIMARY KEY,
  title text NOT NULL,
  instructor_name text,
  class_date timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE videos ADD COLUMN live_class_id text REFERENCES live_classes(id) ON DELETE SET NULL;
CREATE INDEX videos_live_class_idx ON videos (live_class_id) WHERE live_class_id IS NOT NULL;

-- Transcoding jobs. The queue itself (pg-boss, schema pgboss) carries the work; this table is what
-- staff see: the MediaConvert-like state, progress, speed, the reason of an error, and the heartbeat
-- of the worker running it. A video's transcoding_status and job_id follow its newest job.
CREATE TABLE transcode_jobs (
  id text PRIMARY KEY,
  video_id text NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  queue text NOT NULL,
  environment text NOT NULL,
  status text NOT NULL DEFAULT 'SUBMITTED',
  progress double precision NOT NULL DEFAULT 0,
  speed double precision,
  error_message text,
  attempts integer NOT NULL DEFAULT 0,
  completed_runs integer NOT NULL DEFAULT 0,
  queue_job_id text,
  run_token text,
  worker_id text,
  heartbeat_at timestamptz,
  submitted_by text,
  submitted_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX transcode_jobs_list_idx ON transcode_jobs (environment, status, submitted_at DESC, id);
CREATE INDEX transcode_jobs_video_idx ON transcode_jobs (video_id, submitted_at DESC);
CREATE INDEX transcode_jobs_running_idx ON transcode_jobs (heartbeat_at) WHERE status = 'PROGRESSING';

-- migrate:down
DROP TABLE transcode_jobs;
DROP INDEX videos_live_class_idx;
ALTER TABLE videos DROP COLUMN live_class_id;
DROP TABLE live_classes;
DROP TABLE catalogues;
