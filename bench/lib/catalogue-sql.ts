import type { Database } from '../../apps/server/src/db/client';
import { CataloguesRepository } from '../../apps/server/src/modules/catalogues/catalogues.repository';
import type { Captured } from './sql';

/** A store-listed catalogue of the large seed, with three subjects and two subscriptions: the storefront read. */
export const STOREFRONT_CATALOGUE = 'bench-cat-2';

/**
 * The baselines of the catalogue figures: the list's one statement as the repository sends it, and
 * the storefront's rows fetched by plain SQL (the catalogue, its subjects' totals, subscriptions with
 * their OTS products, add-ons, store listing with category, preview videos), with no service around it.
 */
export async function catalogueReads(database: Database): Promise<{ list: Captured; storefront: Captured }> {
  const list: Captured = [];
  const recording: Database = {
    ...database,
    query: async <T>(sql: string, params: unknown[] = []) => {
      list.push([{ sql, params }]);
      return database.query<T>(sql, params);
    },
  };
  await new CataloguesRepository(recording).list({});
  const id = [STOREFRONT_CATALOGUE];
  const storefront: Captured = [
    [
      { sql: 'SELECT * FROM catalogues WHERE id = $1', params: id },
      {
        sql: `SELECT s.id, s.name, sum(v.duration_seconds) AS duration, count(v.id) AS videos
              FROM catalogue_subjects cs JOIN subjects s ON s.id = cs.subject_id
              JOIN subtopics st ON st.subject_id = s.id JOIN topics t ON t.id = st.topic_id JOIN units u ON u.id = t.unit_id
              LEFT JOIN videos v ON v.id = st.video_id
              WHERE cs.catalogue_id = $1 AND u.active AND t.active AND st.active GROUP BY s.id, s.name`,
        params: id,
      },
      {
        sql: `SELECT s.*, (SELECT json_agg(o) FROM ots_products o WHERE o.subscription_id = s.id) AS ots
              FROM subscriptions s WHERE s.catalogue_id = $1 ORDER BY s.position`,
        params: id,
      },
      { sql: 'SELECT * FROM add_ons WHERE catalogue_id = $1 ORDER BY position', params: id },
      {
        sql: `SELECT sl.*, c.name AS category_name, sc.name AS sub_category_name FROM store_listings sl
              LEFT JOIN categories c ON c.id = sl.category_id LEFT JOIN sub_categories sc ON sc.id = sl.sub_category_id
              WHERE sl.catalogue_id = $1`,
        params: id,
      },
      {
        sql: `SELECT v.* FROM videos v, catalogues c WHERE c.id = $1 AND c.preview_video_ids ? v.id`,
        params: id,
      },
    ],
  ];
  return { list, storefront };
}
