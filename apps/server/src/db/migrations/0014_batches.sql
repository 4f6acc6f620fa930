-- migrate:up
-- Batches (issue 18): offline and hybrid coaching runs in batches ('JEE Advanced 2027 Morning, Kota'),
-- each in a branch and a program, with dates and a capacity. A batch goes ACTIVE -close-> CLOSED and a
-- closed one takes no new students and no new live classes. Students join batches (by hand, from a
-- spreadsheet, or moved from another batch), with an optional roll number unique inside the batch.
-- Groups are named sets of batches that live classes and student updates address.
CREATE TABLE branches (
  id text PRIMARY KEY,
  name text NOT NULL,
  city text NOT NULL,
  created_by text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
-- 'Kota – Talwandi' and 'kota – talwandi' are one branch
CREATE UNIQUE INDEX branches_name_key ON branches (lower(name));

CREATE TABLE programs (
  id text PRIMARY KEY,
  name text NOT NULL,
  created_by text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX programs_name_key ON programs (lower(name));

CREATE TABLE batches (
  id text PRIMARY KEY,
  name text NOT NULL,
  -- upper-case letters, digits and hyphens (the contract upper-cases it): unique as it is stored
  code text NOT NULL UNIQUE,
  branch_id text NOT NULL REFERENCES branches(id) ON DELETE RESTRICT,
  program_id text NOT NULL REFERENCES programs(id) ON DELETE RESTRICT,
  start_date date NOT NULL,
  end_date date NOT NULL,
  -- the form allows up to BATCH_CAPACITY_MAX (5,000); a larger online batch can be set by hand
  capacity integer NOT NULL CHECK (capacity >= 1),
  status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'CLOSED')),
  closed_at timestamptz,
  closed_by text,
  version integer NOT NULL DEFAULT 0,
  created_by text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (end_date >= start_date),
  CHECK ((status = 'CLOSED') = (closed_at IS NOT NULL))
);
CREATE INDEX batches_status_idx ON batches (status, name);
CREATE INDEX batches_created_idx ON batches (created_at DESC, id);
CREATE INDEX batches_branch_idx ON batches (branch_id);
CREATE INDEX batches_program_idx ON batches (program_id);

CREATE TABLE batch_students (
  batch_id text NOT NULL REFERENCES batches(id) ON DELETE CASCADE,
  student_id text NOT NULL REFERENCES students(id) ON DELETE CASCADE,
  roll_number text,
  added_at timestamptz NOT NULL DEFAULT now(),
  added_by text NOT NULL DEFAULT '',
  PRIMARY KEY (batch_id, student_id)
);
-- a roll number is given once per batch (K-1 and k-1 are one roll number)
CREATE UNIQUE INDEX batch_students_roll_key ON batch_students (batch_id, upper(roll_number)) WHERE roll_number IS NOT NULL;
-- a student's batches (byStudentIds' scope, moves)
CREATE INDEX batch_students_student_idx ON batch_students (student_id);

CREATE TABLE student_groups (
  id text PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  version integer NOT NULL DEFAULT 0,
  created_by text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX student_groups_name_key ON student_groups (lower(name));

-- deleting a group leaves its batches; deleting a batch takes it out of its groups
CREATE TABLE group_batches (
  group_id text NOT NULL REFERENCES student_groups(id) ON DELETE CASCADE,
  batch_id text NOT NULL REFERENCES batches(id) ON DELETE CASCADE,
  PRIMARY KEY (group_id, batch_id)
);
CREATE INDEX group_batches_batch_idx ON group_batches (batch_id);

-- migrate:down
DROP TABLE group_batches;
DROP TABLE student_groups;
DROP TABLE batch_students;
DROP TABLE batches;
DROP TABLE programs;
DROP TABLE branches;
