import type { InvoicingConfig } from '../config';
import type { Database } from '../db/client';
import { studentsSql } from './large-students';

export interface LargeSeedOptions {
  /** how many extra subjects (each with 2 units x 3 topics x 4 subtopics); none when absent */
  subjects?: number;
  /** the shape of one big subject: units x topics x subtopics; no big subject when absent */
  bigTree?: [number, number, number];
  /**
   * how many staff users ('bench-user-{n}', mobile numbers 7000000001 up, one role each, cycling
   * through the six roles; every seventh inactive)
   */
  staffUsers?: number;
  /** how many live classes ('bench-lc-{n}', one every 37 minutes from 2026-01-05, four instructors) */
  liveClasses?: number;
  /**
   * how many live-class recordings ('bench-rec-{n}': NOT_STARTED videos of a live class, keys
   * recordings/{liveClassId}/{uuid}-{name}.mp4), spread round-robin over the live classes; when
   * `liveClasses` is absent, one class per recording
   */
  recordings?: number;
  /**
   * how many catalogues ('bench-cat-{n}', code BENCH-{n}): each with three of the PUBLISHED extra
   * subjects (needs `subjects` of at least 4), two subscriptions with an OTS product each, and a
   * store listing for every second one
   */
  catalogues?: number;
  /**
   * how many students ('bench-student-{n}'), each with three orders from the bench catalogues'
   * first plans (needs 20 catalogues), the paid ones with a subscription and a GST invoice
   */
  students?: number;
  /** the supplier, GST rate and serial prefix of the students' invoices (needed with `students`) */
  invoicing?: InvoicingConfig;
}

/** The id of the one big subject the large seed makes. */
export const BIG_SUBJECT_ID = 'bench-big-subject';

const whole = (n: number | undefined, what: string): number => {
  const value = n ?? 0;
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`seedLarge: ${what} must be a whole number >= 0`);
  return value;
};

/**
 * A large data set for benchmarks, written with set-based SQL in one transaction so it takes
 * seconds, not minutes: many ordinary subjects; one subject with a big tree whose every subtopic has
 * a COMPLETE video; staff users; live classes and their recordings. Each part only when asked for.
 */
export async function seedLarge(database: Database, options: LargeSeedOptions): Promise<void> {
  const statements: string[] = [];
  const subjects = whole(options.subjects, 'subjects');
  if (subjects > 0) statements.push(subjectsSql(subjects));
  if (options.bigTree) {
    const [u, t, s] = options.bigTree.map((n) => whole(n, 'bigTree')) as [number, number, number];
    statements.push(bigSubjectSql(u, t, s));
  }
  const users = whole(options.staffUsers, 'staffUsers');
  if (users > 0) statements.push(staffUsersSql(users));
  const recordings = whole(options.recordings, 'recordings');
  const classes = options.liveClasses === undefined ? recordings : whole(options.liveClasses, 'liveClasses');
  if (recordings > 0 && classes === 0) throw new Error('seedLarge: recordings need at least one live class');
  if (classes > 0) statements.push(liveClassesSql(classes));
  if (recordings > 0) statements.push(recordingsSql(recordings, classes));
  const catalogues = whole(options.catalogues, 'catalogues');
  if (catalogues > 0) statements.push(cataloguesSql(catalogues, subjects));
  const students = whole(options.students, 'students');
  if (students > 0) {
    if (!options.invoicing) throw new Error('seedLarge: students need the invoicing settings');
    statements.push(studentsSql(students, catalogues, options.invoicing));
  }
  if (statements.length > 0) await database.execInTransaction(statements.join('\n'));
}

function subjectsSql(n: number): string {
  return `
    INSERT INTO subjects (id, name, description, subject_state, updated_at)
      SELECT 'bench-s' || g, 'Bench subject ' || g, 'Generated for benchmarks',
        (ARRAY['IN_PROGRESS','FINISHED','READY_TO_BE_PUBLISHED','PUBLISHED'])[1 + g % 4], now() - g * interval '1 minute'
      FROM generate_series(1, ${n}) g;
    INSERT INTO units (id, subject_id, name, position)
      SELECT 'bench-s' || g || '-u' || ui, 'bench-s' || g, 'Unit ' || ui, ui
      FROM generate_series(1, ${n}) g, generate_series(1, 2) ui;
    INSERT INTO topics (id, unit_id, subject_id, name, position)
      SELECT 'bench-s' || g || '-u' || ui || '-t' || ti, 'bench-s' || g || '-u' || ui, 'bench-s' || g, 'Topic ' || ti, ti
      FROM generate_series(1, ${n}) g, generate_series(1, 2) ui, generate_series(1, 3) ti;
    INSERT INTO subtopics (id, topic_id, unit_id, subject_id, name, position)
      SELECT 'bench-s' || g || '-u' || ui || '-t' || ti || '-s' || si, 'bench-s' || g || '-u' || ui || '-t' || ti,
        'bench-s' || g || '-u' || ui, 'bench-s' || g, 'Subtopic ' || si, si
      FROM generate_series(1, ${n}) g, generate_series(1, 2) ui, generate_series(1, 3) ti, generate_series(1, 4) si;
  `;
}

function bigSubjectSql(u: number, t: number, s: number): string {
  return `
    INSERT INTO subjects (id, name, description) VALUES ('${BIG_SUBJECT_ID}', 'Big subject', '${u} x ${t} x ${s}');
    INSERT INTO videos (id, subject_id, name, storage_key, size, duration_seconds, transcoding_status)
      SELECT 'bench-v-' || ui || '-' || ti || '-' || si, '${BIG_SUBJECT_ID}', 'video-' || ui || '-' || ti || '-' || si || '.mp4',
        'subjects/${BIG_SUBJECT_ID}/' || ui || '-' || ti || '-' || si || '.mp4', 50000000, 300 + si, 'COMPLETE'
      FROM generate_series(1, ${u}) ui, generate_series(1, ${t}) ti, generate_series(1, ${s}) si;
    INSERT INTO units (id, subject_id, name, position)
      SELECT 'big-u' || ui, '${BIG_SUBJECT_ID}', 'Unit ' || ui, ui FROM generate_series(1, ${u}) ui;
    INSERT INTO topics (id, unit_id, subject_id, name, position)
      SELECT 'big-u' || ui || '-t' || ti, 'big-u' || ui, '${BIG_SUBJECT_ID}', 'Topic ' || ti, ti
      FROM generate_series(1, ${u}) ui, generate_series(1, ${t}) ti;
    INSERT INTO subtopics (id, topic_id, unit_id, subject_id, name, position, trial, video_id)
      SELECT 'big-u' || ui || '-t' || ti || '-s' || si, 'big-u' || ui || '-t' || ti, 'big-u' || ui, '${BIG_SUBJECT_ID}',
        'Subtopic ' || si, si, si = 1, 'bench-v-' || ui || '-' || ti || '-' || si
      FROM generate_series(1, ${u}) ui, generate_series(1, ${t}) ti, generate_series(1, ${s}) si;
  `;
}

function cataloguesSql(n: number, subjects: number): string {
  // the extra subjects bench-s{4k+3} are PUBLISHED (states cycle through the four)
  const published = Math.floor((subjects + 1) / 4);
  const links =
    published > 0
      ? `INSERT INTO catalogue_subjects (catalogue_id, subject_id, position)
          SELECT DISTINCT ON (g, ((g + k * 7) % ${published})) 'bench-cat-' || g, 'bench-s' || (4 * ((g + k * 7) % ${published}) + 3), k
          FROM generate_series(1, ${n}) g, generate_series(0, 2) k;`
      : '';
  return `
    INSERT INTO catalogues (id, name, code, description, publish_state, featured, featured_on_lead_page, archived, updated_at)
      SELECT 'bench-cat-' || g, 'Bench catalogue ' || g, 'BENCH-' || g, 'Generated for benchmarks',
        g % 3 <> 0, g % 10 = 0, g % 25 = 0, g % 50 = 0, now() - g * interval '1 minute'
      FROM generate_series(1, ${n}) g;
    ${links}
    INSERT INTO subscriptions (id, catalogue_id, position, label, subscription_type, featured, price, list_price, number_of_months)
      SELECT 'bench-cat-' || g || '-sub-' || k, 'bench-cat-' || g, k, (6 * (k + 1)) || ' months', 'DURATION', k = 0,
        (4999 + (g % 20) * 500) * 100 * (k + 1), CASE WHEN g % 4 = 0 THEN (5999 + (g % 20) * 500) * 100 * (k + 1) END, 6 * (k + 1)
      FROM generate_series(1, ${n}) g, generate_series(0, 1) k;
    INSERT INTO ots_products (id, subscription_id, position, product_label, package_code, group_code)
      SELECT 'bench-ots-' || g || '-' || k, 'bench-cat-' || g || '-sub-' || k, 0, 'Bench product ' || g || '/' || k, 'BP-' || g || '-' || k, 'BG-' || g
      FROM generate_series(1, ${n}) g, generate_series(0, 1) k;
    INSERT INTO store_listings (id, catalogue_id, name, code, slug)
      SELECT 'bench-store-' || g, 'bench-cat-' || g, 'Bench listing ' || g, 'BENCH-L-' || g, 'bench-listing-' || g
      FROM generate_series(2, ${n}, 2) g;`;
}

function staffUsersSql(n: number): string {
  return `
    INSERT INTO users (id, first_name, last_name, email, phone, active, created_at, updated_at)
      SELECT 'bench-user-' || g,
        (ARRAY['Aditi','Rahul','Nisha','Karan','Pooja','Siddharth','Ananya','Vivek'])[1 + g % 8],
        (ARRAY['Sharma','Iyer','Patel','Reddy','Banerjee','Kapoor','Joshi'])[1 + g % 7],
        'bench.user' || g || '@lectern.example', (7000000000 + g)::text, g % 7 <> 0,
        now() - g * interval '1 minute', now() - g * interval '1 minute'
      FROM generate_series(1, ${n}) g;
    INSERT INTO user_roles (user_id, role_id)
      SELECT 'bench-user-' || g, 1 + g % 6 FROM generate_series(1, ${n}) g;
  `;
}

function liveClassesSql(n: number): string {
  return `
    INSERT INTO live_classes (id, title, instructor_name, class_date, start_time, status)
      SELECT 'bench-lc-' || g,
        (ARRAY['Organic Chemistry','Rotational Dynamics','Human Physiology','Indian Polity','Percentages','Modern History'])[1 + g % 6]
          || ': live class ' || g,
        (ARRAY['Meera Nair','Arjun Menon','Kavita Deshpande','Rahul Verma'])[1 + g % 4],
        timestamptz '2026-01-05 04:30:00+00' + g * interval '37 minutes',
        timestamptz '2026-01-05 04:30:00+00' + g * interval '37 minutes',
        'ENDED'
      FROM generate_series(1, ${n}) g;
  `;
}

function recordingsSql(n: number, classes: number): string {
  return `
    INSERT INTO videos (id, name, storage_key, size, duration_seconds, transcoding_status, uploaded_by, uploaded_at, live_class_id)
      SELECT 'bench-rec-' || g, 'recording-' || g || '.mp4',
        'recordings/bench-lc-' || (1 + (g - 1) % ${classes}) || '/' || gen_random_uuid() || '-recording-' || g || '.mp4',
        900000000 + g, 3600 + g % 1800, 'NOT_STARTED', 'Bench seed',
        timestamptz '2026-01-05 06:00:00+00' + g * interval '1 minute', 'bench-lc-' || (1 + (g - 1) % ${classes})
      FROM generate_series(1, ${n}) g;
  `;
}
