-- migrate:up
-- Attendance of live classes (issue 19, spec 2 §7 "Attendance"). A live class's participants come
-- from its meeting provider (Zoom's past-meeting participants, source API) or from Zoom's participants
-- CSV read in the browser (source CSV); each import replaces the class's sessions. Sessions are
-- grouped into persons (participant_id: a hash of the registrant id, else the e-mail, else the
-- mobile number, else the display name) and persons are matched to students by registrant, registered
-- e-mail or mobile number, never by display name; staff match the rest by hand, and a hand match
-- outlives re-imports because the person's id does. An offline class takes marks from staff instead.
CREATE TABLE attendance_sessions (
  id text PRIMARY KEY,
  live_class_id text NOT NULL REFERENCES live_classes(id) ON DELETE CASCADE,
  source text NOT NULL CHECK (source IN ('API', 'CSV')),
  participant_id text NOT NULL,
  name text NOT NULL DEFAULT '',
  email text NOT NULL DEFAULT '',
  registrant_id text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  join_time timestamptz NOT NULL,
  leave_time timestamptz NOT NULL,
  imported_at timestamptz NOT NULL DEFAULT now(),
  imported_by text NOT NULL DEFAULT '',
  CHECK (leave_time >= join_time)
);
CREATE INDEX attendance_sessions_class_idx ON attendance_sessions (live_class_id, participant_id);

-- A person of a class counted as a student: found by registrant, e-mail or mobile at import, or by
-- hand (with who and when). An import replaces the found ones and keeps the hand ones.
CREATE TABLE attendance_matches (
  live_class_id text NOT NULL REFERENCES live_classes(id) ON DELETE CASCADE,
  participant_id text NOT NULL,
  student_id text NOT NULL REFERENCES students(id) ON DELETE CASCADE,
  matched_by text NOT NULL CHECK (matched_by IN ('REGISTRANT', 'EMAIL', 'MOBILE', 'BY_HAND')),
  matched_by_user text,
  matched_by_name text,
  matched_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (live_class_id, participant_id)
);
CREATE INDEX attendance_matches_student_idx ON attendance_matches (live_class_id, student_id);

-- Each matched student's attendance of a live class, worked out with the contract's rules (merged
-- spans inside the class span, the present verdict and its explanation) whenever sessions or matches
-- change, so the students table pages and filters by present in SQL.
CREATE TABLE attendance_results (
  live_class_id text NOT NULL REFERENCES live_classes(id) ON DELETE CASCADE,
  student_id text NOT NULL REFERENCES students(id) ON DELETE CASCADE,
  seconds integer NOT NULL,
  present boolean NOT NULL,
  explanation text NOT NULL,
  matched_by text NOT NULL,
  first_join timestamptz NOT NULL,
  last_leave timestamptz NOT NULL,
  -- the merged stretches: [{ joinTime, leaveTime }]
  spans jsonb NOT NULL,
  PRIMARY KEY (live_class_id, student_id)
);
CREATE INDEX attendance_results_present_idx ON attendance_results (live_class_id, present);

-- What the results of a class were worked out from (its span, length and share) and what the summary
-- shows beside them: the unmatched persons and the people in class each minute. A class changed since
-- (ended later, say) is worked out again when next read.
CREATE TABLE attendance_totals (
  live_class_id text PRIMARY KEY REFERENCES live_classes(id) ON DELETE CASCADE,
  basis text NOT NULL,
  unmatched integer NOT NULL,
  timeline jsonb NOT NULL,
  computed_at timestamptz NOT NULL DEFAULT now()
);

-- Offline classes: staff mark each student present or absent (the latest mark stands).
CREATE TABLE attendance_marks (
  live_class_id text NOT NULL REFERENCES live_classes(id) ON DELETE CASCADE,
  student_id text NOT NULL REFERENCES students(id) ON DELETE CASCADE,
  present boolean NOT NULL,
  marked_by text NOT NULL,
  marked_by_name text NOT NULL,
  marked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (live_class_id, student_id)
);
CREATE INDEX attendance_marks_present_idx ON attendance_marks (live_class_id, present);

-- migrate:down
DROP TABLE attendance_marks;
DROP TABLE attendance_totals;
DROP TABLE attendance_results;
DROP TABLE attendance_matches;
DROP TABLE attendance_sessions;
