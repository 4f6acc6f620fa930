import type { Database } from '../db/client';

export interface LargeSeedOptions {
  /** how many extra subjects (each with 2 units x 3 topics x 4 subtopics) */
  subjects: number;
  /** the shape of one big subject: units x topics x subtopics */
  bigTree: [number, number, number];
}

/** The id of the one big subject the large seed makes. */
export const BIG_SUBJECT_ID = 'bench-big-subject';

/**
 * A large data set for benchmarks, written with set-based SQL so it takes seconds, not minutes:
 * many ordinary subjects, and one subject with a big tree whose every subtopic has a COMPLETE video.
 */
export async function seedLarge(database: Database, options: LargeSeedOptions): Promise<void> {
  const [u, t, s] = options.bigTree;
  await database.execInTransaction(`
    INSERT INTO subjects (id, name, description, subject_state, updated_at)
      SELECT 'bench-s' || g, 'Bench subject ' || g, 'Generated for benchmarks',
        (ARRAY['IN_PROGRESS','FINISHED','READY_TO_BE_PUBLISHED','PUBLISHED'])[1 + g % 4], now() - g * interval '1 minute'
      FROM generate_series(1, ${options.subjects}) g;
    INSERT INTO units (id, subject_id, name, position)
      SELECT 'bench-s' || g || '-u' || ui, 'bench-s' || g, 'Unit ' || ui, ui
      FROM generate_series(1, ${options.subjects}) g, generate_series(1, 2) ui;
    INSERT INTO topics (id, unit_id, subject_id, name, position)
      SELECT 'bench-s' || g || '-u' || ui || '-t' || ti, 'bench-s' || g || '-u' || ui, 'bench-s' || g, 'Topic ' || ti, ti
      FROM generate_series(1, ${options.subjects}) g, generate_series(1, 2) ui, generate_series(1, 3) ti;
    INSERT INTO subtopics (id, topic_id, unit_id, subject_id, name, position)
      SELECT 'bench-s' || g || '-u' || ui || '-t' || ti || '-s' || si, 'bench-s' || g || '-u' || ui || '-t' || ti,
        'bench-s' || g || '-u' || ui, 'bench-s' || g, 'Subtopic ' || si, si
      FROM generate_series(1, ${options.subjects}) g, generate_series(1, 2) ui, generate_series(1, 3) ti, generate_series(1, 4) si;

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
  `);
}
