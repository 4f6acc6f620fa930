import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, id, stampedAt, timestamps, ts, version } from './columns';
import { students } from './students';

/** Branches of the coaching network ('Kota – Talwandi'); names unique without regard to case. */
export const branches = pgTable('branches', {
  id: id(),
  name: text('name').notNull(),
  city: text('city').notNull(),
  /** the name of who created it */
  createdBy: text('created_by').notNull().default(''),
  createdAt: createdAt(),
});

/** Programs a batch prepares for ('JEE Advanced 2027'); names unique without regard to case. */
export const programs = pgTable('programs', {
  id: id(),
  name: text('name').notNull(),
  createdBy: text('created_by').notNull().default(''),
  createdAt: createdAt(),
});

/** Batches (issue 18): ACTIVE -close-> CLOSED; a closed batch takes no new students and no new live classes. */
export const batches = pgTable('batches', {
  id: id(),
  name: text('name').notNull(),
  code: text('code').notNull().unique(),
  branchId: text('branch_id')
    .notNull()
    .references(() => branches.id, { onDelete: 'restrict' }),
  programId: text('program_id')
    .notNull()
    .references(() => programs.id, { onDelete: 'restrict' }),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }).notNull(),
  capacity: integer('capacity').notNull(),
  status: text('status').notNull().default('ACTIVE'),
  closedAt: ts('closed_at'),
  /** the name of who closed it */
  closedBy: text('closed_by'),
  version: version(),
  createdBy: text('created_by').notNull().default(''),
  ...timestamps(),
});

/** A student's place in a batch, with a roll number unique inside the batch when one is given. */
export const batchStudents = pgTable(
  'batch_students',
  {
    batchId: belongsTo('batch_id', () => batches.id),
    studentId: belongsTo('student_id', () => students.id),
    rollNumber: text('roll_number'),
    addedAt: stampedAt('added_at'),
    /** the name of who added them */
    addedBy: text('added_by').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.studentId] })],
);

/** Groups: named sets of batches that live classes and student updates address. */
export const studentGroups = pgTable('student_groups', {
  id: id(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  version: version(),
  createdBy: text('created_by').notNull().default(''),
  ...timestamps(),
});

export const groupBatches = pgTable(
  'group_batches',
  {
    groupId: belongsTo('group_id', () => studentGroups.id),
    batchId: belongsTo('batch_id', () => batches.id),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.batchId] })],
);
