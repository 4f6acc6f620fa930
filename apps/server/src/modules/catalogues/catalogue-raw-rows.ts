import { num, toDate } from '../../db/raw-row';
import type { CatalogueRow, SubjectTotalsRow } from './catalogues.repository';

// The raw SQL the catalogue list and subject totals share, and the rows it answers read as typed rows.

/**
 * Totals of every subject in `subjectFilter` (a SQL condition on `st.subject_id`): active video time,
 * active free-trial time and subtopics, and active videos. An item is active when it and everything
 * above it are; a subtopic is trial when it, its topic or its unit is (subject-totals.ts says the same).
 */
export const SUBJECT_TOTALS = (subjectFilter: string) => `
  SELECT st.subject_id,
    coalesce(sum(v.duration_seconds) FILTER (WHERE u.active AND t.active AND st.active), 0)::float8 AS duration,
    coalesce(sum(v.duration_seconds) FILTER (WHERE u.active AND t.active AND st.active AND (u.trial OR t.trial OR st.trial)), 0)::float8 AS trial_duration,
    (count(*) FILTER (WHERE u.active AND t.active AND st.active AND (u.trial OR t.trial OR st.trial)))::int AS trial_subtopics,
    (count(v.id) FILTER (WHERE u.active AND t.active AND st.active))::int AS videos
  FROM subtopics st
  JOIN topics t ON t.id = st.topic_id
  JOIN units u ON u.id = t.unit_id
  LEFT JOIN videos v ON v.id = st.video_id
  WHERE ${subjectFilter}
  GROUP BY st.subject_id`;

export function catalogueFromRaw(r: Record<string, unknown>): CatalogueRow {
  return {
    id: String(r.id),
    name: String(r.name),
    code: String(r.code),
    description: String(r.description ?? ''),
    publisherName: String(r.publisher_name ?? ''),
    publisherLogoLink: (r.publisher_logo_link as string | null) ?? null,
    theme: r.theme ?? {},
    resources: r.resources ?? [],
    instructors: r.instructors ?? [],
    tags: r.tags ?? [],
    previewVideoIds: r.preview_video_ids ?? [],
    publishState: Boolean(r.publish_state),
    featured: Boolean(r.featured),
    featuredOnLeadPage: Boolean(r.featured_on_lead_page),
    packageCode: String(r.package_code ?? ''),
    packageGroupCode: String(r.package_group_code ?? ''),
    archived: Boolean(r.archived),
    version: num(r.version),
    createdBy: (r.created_by as string | null) ?? null,
    createdByName: String(r.created_by_name ?? ''),
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  };
}

export function subjectTotalsFromRaw(r: Record<string, unknown>): SubjectTotalsRow {
  return {
    subjectId: String(r.id),
    subjectName: String(r.name),
    subjectState: String(r.subject_state),
    imagePath: (r.image_path as string | null) ?? null,
    duration: num(r.duration),
    trialVideoDuration: num(r.trial_duration),
    trialSubTopics: num(r.trial_subtopics),
    videos: num(r.videos),
  };
}
