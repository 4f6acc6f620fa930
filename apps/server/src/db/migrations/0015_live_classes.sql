-- migrate:up
-- Live classes (issue 19): the table recordings needed (0004) grows into the class itself: a title and
-- description, batches or groups, a batch subject and chapter, a teacher (an INSTRUCTOR user), a meeting
-- account and its meeting, a start time and duration, a thumbnail, shown or hidden, and its state
-- SCHEDULED -start-> LIVE -> ENDED. class_date and instructor_name stay as the recordings list reads
-- them: the service keeps class_date = start_time and instructor_name = the teacher's name.

-- Batch subjects and their chapters: a small list of their own, not the content subjects.
CREATE TABLE batch_subjects (
  id text PRIMARY KEY,
  name text NOT NULL,
  created_by text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX batch_subjects_name_key ON batch_subjects (lower(name));

CREATE TABLE batch_chapters (
  id text PRIMARY KEY,
  subject_id text NOT NULL REFERENCES batch_subjects(id) ON DELETE CASCADE,
  name text NOT NULL,
  created_by text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX batch_chapters_name_key ON batch_chapters (subject_id, lower(name));

-- Where classes are held. ZOOM: a Server-to-Server OAuth app's host (its credentials come from the
-- server's configuration, never from here); JITSI: a Jitsi Meet base address; LINK: staff type the link.
CREATE TABLE meeting_accounts (
  id text PRIMARY KEY,
  provider text NOT NULL CHECK (provider IN ('ZOOM', 'JITSI', 'LINK')),
  name text NOT NULL,
  -- the Zoom host's e-mail, the Jitsi base address, empty for LINK
  host_or_base text NOT NULL DEFAULT '',
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX meeting_accounts_name_key ON meeting_accounts (lower(name));

ALTER TABLE live_classes
  ADD COLUMN description text NOT NULL DEFAULT '',
  ADD COLUMN class_room_type text NOT NULL DEFAULT 'live' CHECK (class_room_type IN ('live', 'offline')),
  ADD COLUMN subject_id text REFERENCES batch_subjects(id) ON DELETE RESTRICT,
  ADD COLUMN chapter_id text REFERENCES batch_chapters(id) ON DELETE SET NULL,
  -- null only for classes recorded before classes had teachers (instructor_name names them)
  ADD COLUMN teacher_id text REFERENCES users(id) ON DELETE RESTRICT,
  ADD COLUMN meeting_account_id text REFERENCES meeting_accounts(id) ON DELETE RESTRICT,
  ADD COLUMN meeting_id text,
  -- the instance Zoom ended (meeting.ended), for its past participants
  ADD COLUMN meeting_uuid text,
  ADD COLUMN join_url text,
  -- the host's address: answered only to whoever starts the class, never listed
  ADD COLUMN start_url text,
  ADD COLUMN start_time timestamptz,
  ADD COLUMN duration_minutes integer NOT NULL DEFAULT 60 CHECK (duration_minutes BETWEEN 1 AND 1440),
  ADD COLUMN thumbnail_url text,
  ADD COLUMN enabled boolean NOT NULL DEFAULT true,
  ADD COLUMN status text NOT NULL DEFAULT 'SCHEDULED' CHECK (status IN ('SCHEDULED', 'LIVE', 'ENDED')),
  ADD COLUMN started_at timestamptz,
  ADD COLUMN ended_at timestamptz,
  ADD COLUMN present_share_percent integer NOT NULL DEFAULT 75 CHECK (present_share_percent BETWEEN 1 AND 100),
  ADD COLUMN version integer NOT NULL DEFAULT 0,
  ADD COLUMN created_by text NOT NULL DEFAULT '',
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
-- classes before this migration were held on their class date
UPDATE live_classes SET start_time = class_date,
  status = CASE WHEN class_date < now() THEN 'ENDED' ELSE 'SCHEDULED' END,
  ended_at = CASE WHEN class_date < now() THEN class_date + interval '1 hour' END;
ALTER TABLE live_classes ALTER COLUMN start_time SET NOT NULL;
-- the overlap rule reads a teacher's and an account's classes in a time window
CREATE INDEX live_classes_teacher_start_idx ON live_classes (teacher_id, start_time);
CREATE INDEX live_classes_account_start_idx ON live_classes (meeting_account_id, start_time);
CREATE INDEX live_classes_start_idx ON live_classes (start_time, id);
CREATE INDEX live_classes_meeting_idx ON live_classes (meeting_id) WHERE meeting_id IS NOT NULL;

-- The audience: batches, and groups (whose batches are invited)
CREATE TABLE live_class_batches (
  live_class_id text NOT NULL REFERENCES live_classes(id) ON DELETE CASCADE,
  batch_id text NOT NULL REFERENCES batches(id) ON DELETE CASCADE,
  PRIMARY KEY (live_class_id, batch_id)
);
CREATE INDEX live_class_batches_batch_idx ON live_class_batches (batch_id);
CREATE TABLE live_class_groups (
  live_class_id text NOT NULL REFERENCES live_classes(id) ON DELETE CASCADE,
  group_id text NOT NULL REFERENCES student_groups(id) ON DELETE CASCADE,
  PRIMARY KEY (live_class_id, group_id)
);
CREATE INDEX live_class_groups_group_idx ON live_class_groups (group_id);

-- A class's recording: one video (transcoded when attached), the recording of one class at most.
CREATE TABLE live_class_recordings (
  live_class_id text PRIMARY KEY REFERENCES live_classes(id) ON DELETE CASCADE,
  video_id text NOT NULL UNIQUE REFERENCES videos(id) ON DELETE CASCADE,
  attached_at timestamptz NOT NULL DEFAULT now(),
  attached_by text NOT NULL DEFAULT ''
);

-- migrate:down
DROP TABLE live_class_recordings;
DROP TABLE live_class_groups;
DROP TABLE live_class_batches;
DROP INDEX live_classes_meeting_idx;
DROP INDEX live_classes_start_idx;
DROP INDEX live_classes_account_start_idx;
DROP INDEX live_classes_teacher_start_idx;
ALTER TABLE live_classes
  DROP COLUMN description, DROP COLUMN class_room_type, DROP COLUMN subject_id, DROP COLUMN chapter_id,
  DROP COLUMN teacher_id, DROP COLUMN meeting_account_id, DROP COLUMN meeting_id, DROP COLUMN meeting_uuid,
  DROP COLUMN join_url, DROP COLUMN start_url, DROP COLUMN start_time, DROP COLUMN duration_minutes,
  DROP COLUMN thumbnail_url, DROP COLUMN enabled, DROP COLUMN status, DROP COLUMN started_at,
  DROP COLUMN ended_at, DROP COLUMN present_share_percent, DROP COLUMN version, DROP COLUMN created_by,
  DROP COLUMN updated_at;
DROP TABLE meeting_accounts;
DROP TABLE batch_chapters;
DROP TABLE batch_subjects;
