import { boolean, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { belongsTo, id, stampedAt, ts } from './columns';
import { liveClasses } from './live-classes';
import { students } from './students';

// Attendance of live classes (issue 19, migration 0016): every row is deleted with its class.

/** One join/leave pair of a participant, from the meeting provider (API) or Zoom's participants CSV. */
export const attendanceSessions = pgTable('attendance_sessions', {
  id: id(),
  liveClassId: belongsTo('live_class_id', () => liveClasses.id),
  source: text('source').notNull(),
  /** the person: a hash of the registrant id, else the e-mail, else the mobile number, else the display name */
  participantId: text('participant_id').notNull(),
  name: text('name').notNull().default(''),
  email: text('email').notNull().default(''),
  registrantId: text('registrant_id').notNull().default(''),
  phone: text('phone').notNull().default(''),
  joinTime: ts('join_time').notNull(),
  leaveTime: ts('leave_time').notNull(),
  importedAt: stampedAt('imported_at'),
  importedBy: text('imported_by').notNull().default(''),
});

/** A person of a class counted as a student: REGISTRANT, EMAIL, MOBILE (found at import) or BY_HAND. */
export const attendanceMatches = pgTable(
  'attendance_matches',
  {
    liveClassId: belongsTo('live_class_id', () => liveClasses.id),
    participantId: text('participant_id').notNull(),
    studentId: belongsTo('student_id', () => students.id),
    matchedBy: text('matched_by').notNull(),
    matchedByUser: text('matched_by_user'),
    matchedByName: text('matched_by_name'),
    matchedAt: stampedAt('matched_at'),
  },
  (t) => [primaryKey({ columns: [t.liveClassId, t.participantId] })],
);

/** A matched student's attendance of a live class, worked out with the contract's rules. */
export const attendanceResults = pgTable(
  'attendance_results',
  {
    liveClassId: belongsTo('live_class_id', () => liveClasses.id),
    studentId: belongsTo('student_id', () => students.id),
    seconds: integer('seconds').notNull(),
    present: boolean('present').notNull(),
    explanation: text('explanation').notNull(),
    matchedBy: text('matched_by').notNull(),
    firstJoin: ts('first_join').notNull(),
    lastLeave: ts('last_leave').notNull(),
    /** the merged stretches: [{ joinTime, leaveTime }] */
    spans: jsonb('spans').notNull(),
  },
  (t) => [primaryKey({ columns: [t.liveClassId, t.studentId] })],
);

/** What a class's results were worked out from, its unmatched persons and the people in class each minute. */
export const attendanceTotals = pgTable('attendance_totals', {
  liveClassId: text('live_class_id')
    .primaryKey()
    .references(() => liveClasses.id, { onDelete: 'cascade' }),
  basis: text('basis').notNull(),
  unmatched: integer('unmatched').notNull(),
  timeline: jsonb('timeline').notNull(),
  computedAt: stampedAt('computed_at'),
});

/** Offline classes: a student marked present or absent by staff (the latest mark stands). */
export const attendanceMarks = pgTable(
  'attendance_marks',
  {
    liveClassId: belongsTo('live_class_id', () => liveClasses.id),
    studentId: belongsTo('student_id', () => students.id),
    present: boolean('present').notNull(),
    markedBy: text('marked_by').notNull(),
    markedByName: text('marked_by_name').notNull(),
    markedAt: stampedAt('marked_at'),
  },
  (t) => [primaryKey({ columns: [t.liveClassId, t.studentId] })],
);
