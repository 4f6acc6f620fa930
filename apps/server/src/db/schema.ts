import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  bigserial,
  index,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const roles = pgTable('roles', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull().default(''),
  email: text('email').notNull(),
  phone: text('phone').notNull().unique(),
  image: text('image'),
  active: boolean('active').notNull().default(true),
  version: integer('version').notNull().default(0),
  lastSignInAt: ts('last_sign_in_at'),
  createdAt: ts('created_at')
    .notNull()
    .default(sql`now()`),
  updatedAt: ts('updated_at')
    .notNull()
    .default(sql`now()`),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

export const sessions = pgTable(
  'sessions',
  {
    /** sha-256 of the token; the token itself is never stored */
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at')
      .notNull()
      .default(sql`now()`),
    expiresAt: ts('expires_at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const otpCodes = pgTable(
  'otp_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    mobileNumber: text('mobile_number').notNull(),
    /** null for a number that is unknown or inactive: the row exists so both cost the same */
    userId: text('user_id'),
    codeHash: text('code_hash').notNull(),
    ip: text('ip').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: ts('created_at')
      .notNull()
      .default(sql`now()`),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
  },
  (t) => [
    index('otp_codes_mobile_idx').on(t.mobileNumber, t.createdAt),
    index('otp_codes_ip_idx').on(t.ip, t.createdAt),
  ],
);

export const signatureNonces = pgTable('signature_nonces', {
  id: text('id').primaryKey(),
  expiresAt: ts('expires_at').notNull(),
});

export const devOutbox = pgTable('dev_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  mobileNumber: text('mobile_number').notNull(),
  code: text('code').notNull(),
  sentAt: ts('sent_at')
    .notNull()
    .default(sql`now()`),
});

export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body'),
    link: text('link'),
    readAt: ts('read_at'),
    createdAt: ts('created_at')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);

export const activityLog = pgTable(
  'activity_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: text('actor_id'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    /** a sentence for people: "Priya Raghavan created unit 'Alkanes'" */
    summary: text('summary'),
    subjectId: text('subject_id'),
    createdAt: ts('created_at')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('activity_entity_idx').on(t.entityType, t.entityId, t.createdAt)],
);

export const subjects = pgTable('subjects', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  subjectState: text('subject_state').notNull().default('IN_PROGRESS'),
  subjectInfo: text('subject_info').notNull().default(''),
  locked: boolean('locked').notNull().default(false),
  imagePath: text('image_path'),
  imageName: text('image_name'),
  videoPath: text('video_path'),
  comingSoon: boolean('coming_soon').notNull().default(false),
  contentAdminId: text('content_admin_id').references(() => users.id, { onDelete: 'set null' }),
  instructors: jsonb('instructors').notNull().default([]),
  lastReview: jsonb('last_review'),
  version: integer('version').notNull().default(0),
  createdBy: text('created_by'),
  createdAt: ts('created_at')
    .notNull()
    .default(sql`now()`),
  updatedAt: ts('updated_at')
    .notNull()
    .default(sql`now()`),
});

export const subjectAssignees = pgTable(
  'subject_assignees',
  {
    subjectId: text('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: ts('created_at')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.subjectId, t.userId, t.role] })],
);

export const videos = pgTable('videos', {
  id: text('id').primaryKey(),
  subjectId: text('subject_id').references(() => subjects.id, { onDelete: 'cascade' }),
  catalogueId: text('catalogue_id'),
  name: text('name').notNull(),
  storageKey: text('storage_key').notNull().unique(),
  size: bigint('size', { mode: 'number' }).notNull().default(0),
  durationSeconds: doublePrecision('duration_seconds').notNull().default(0),
  transcodingStatus: text('transcoding_status').notNull().default('NOT_STARTED'),
  jobId: text('job_id'),
  endpoints: jsonb('endpoints').notNull().default([]),
  uploadedBy: text('uploaded_by'),
  uploadedAt: ts('uploaded_at')
    .notNull()
    .default(sql`now()`),
  liveClassId: text('live_class_id').references(() => liveClasses.id, { onDelete: 'set null' }),
});

const treeFlags = {
  active: boolean('active').notNull().default(true),
  trial: boolean('trial').notNull().default(false),
  status: text('status').notNull().default('draft'),
  position: integer('position').notNull(),
  createdAt: ts('created_at')
    .notNull()
    .default(sql`now()`),
};

export const units = pgTable('units', {
  id: text('id').primaryKey(),
  subjectId: text('subject_id')
    .notNull()
    .references(() => subjects.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  ...treeFlags,
});

export const topics = pgTable('topics', {
  id: text('id').primaryKey(),
  unitId: text('unit_id')
    .notNull()
    .references(() => units.id, { onDelete: 'cascade' }),
  subjectId: text('subject_id')
    .notNull()
    .references(() => subjects.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  ...treeFlags,
});

export const subtopics = pgTable('subtopics', {
  id: text('id').primaryKey(),
  topicId: text('topic_id')
    .notNull()
    .references(() => topics.id, { onDelete: 'cascade' }),
  unitId: text('unit_id')
    .notNull()
    .references(() => units.id, { onDelete: 'cascade' }),
  subjectId: text('subject_id')
    .notNull()
    .references(() => subjects.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  videoId: text('video_id').references(() => videos.id, { onDelete: 'set null' }),
  ...treeFlags,
});

/** Uploads started through the API (docs/storage.md): the key, the announced file, the storage's multipart id. */
export const uploads = pgTable(
  'uploads',
  {
    id: text('id').primaryKey(),
    /** 'subject', 'preview-video' or a resource type key */
    targetType: text('target_type').notNull(),
    subjectId: text('subject_id').references(() => subjects.id, { onDelete: 'cascade' }),
    unitId: text('unit_id'),
    topicId: text('topic_id'),
    catalogueId: text('catalogue_id'),
    bucket: text('bucket').notNull(),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    fileType: text('file_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    fingerprint: text('fingerprint'),
    mode: text('mode').notNull(),
    partSize: bigint('part_size', { mode: 'number' }).notNull(),
    partCount: integer('part_count').notNull(),
    multipartId: text('multipart_id'),
    /** STARTED, COMPLETING, COMPLETED, REGISTERED, ABORTED, REFUSED */
    status: text('status').notNull().default('STARTED'),
    videoId: text('video_id').references(() => videos.id, { onDelete: 'set null' }),
    createdBy: text('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at')
      .notNull()
      .default(sql`now()`),
    updatedAt: ts('updated_at')
      .notNull()
      .default(sql`now()`),
    completedAt: ts('completed_at'),
  },
  (t) => [index('uploads_key_idx').on(t.bucket, t.storageKey), index('uploads_stale_idx').on(t.status, t.createdAt)],
);

/** Parts of a multipart upload stored so far: what a resumed upload skips. */
export const uploadParts = pgTable(
  'upload_parts',
  {
    uploadId: text('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    partNumber: integer('part_number').notNull(),
    etag: text('etag').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: ts('created_at')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.partNumber] })],
);

/** Where a video sits in the file explorer: its unit and topic (the subject is on the video). */
export const videoPlacements = pgTable('video_placements', {
  videoId: text('video_id')
    .primaryKey()
    .references(() => videos.id, { onDelete: 'cascade' }),
  unitId: text('unit_id').references(() => units.id, { onDelete: 'set null' }),
  topicId: text('topic_id').references(() => topics.id, { onDelete: 'set null' }),
});

/** Catalogues: the demo-video browser's folders. */
export const catalogues = pgTable('catalogues', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: ts('created_at')
    .notNull()
    .default(sql`now()`),
});

/** Live classes, as far as recordings need them. */
export const liveClasses = pgTable('live_classes', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  instructorName: text('instructor_name'),
  classDate: ts('class_date').notNull(),
  createdAt: ts('created_at')
    .notNull()
    .default(sql`now()`),
});

/** Transcoding jobs as staff see them; the work itself is carried by the queue (pg-boss). */
export const transcodeJobs = pgTable('transcode_jobs', {
  id: text('id').primaryKey(),
  videoId: text('video_id')
    .notNull()
    .references(() => videos.id, { onDelete: 'cascade' }),
  queue: text('queue').notNull(),
  environment: text('environment').notNull(),
  status: text('status').notNull().default('SUBMITTED'),
  progress: doublePrecision('progress').notNull().default(0),
  speed: doublePrecision('speed'),
  errorMessage: text('error_message'),
  attempts: integer('attempts').notNull().default(0),
  completedRuns: integer('completed_runs').notNull().default(0),
  queueJobId: text('queue_job_id'),
  runToken: text('run_token'),
  workerId: text('worker_id'),
  heartbeatAt: ts('heartbeat_at'),
  submittedBy: text('submitted_by'),
  submittedAt: ts('submitted_at')
    .notNull()
    .default(sql`now()`),
  startedAt: ts('started_at'),
  finishedAt: ts('finished_at'),
});
