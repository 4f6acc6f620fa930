-- migrate:up
-- Stored links the contract's link rule now refuses (issue 30, docs/domains/platform.md "Days, dates and links"):
-- javascript:, data:, vbscript: and other schemes, http: to another host, '//host', backslashes,
-- '..' segments, control and invisible characters, more than 2000 characters. Each is cleared the way
-- its field allows: an optional link becomes null; a list entry that exists only for its link (a
-- catalogue image or resource, a question paper) is dropped. The rule is packages/contract/src/fields.ts
-- isSafeLink; this is the same rule in SQL, checked against it by db/safe-links.test.ts.
CREATE FUNCTION lectern_unsafe_link(link text, absolute boolean DEFAULT false) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN link IS NULL OR btrim(link) = '' THEN false
    WHEN length(btrim(link)) > 2000 THEN true
    -- controls, format characters (zero-width, bidirectional, word joiner, BOM, soft hyphen), separators
    WHEN link ~ '[\x01-\x1f\x7f-\x9f\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\u2028\u2029\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f]'
      THEN true
    WHEN position('\' IN link) > 0 THEN true
    WHEN btrim(link) ~ '^[A-Za-z][A-Za-z0-9+.-]*:' THEN NOT (
      btrim(link) ~* '^https://([a-z0-9._~-]|[^\x01-\x7f])+(:[0-9]*)?([/?#]|$)'
      OR btrim(link) ~* '^http://(localhost|127\.0\.0\.1|\[::1\])(:[0-9]+)?([/?#]|$)'
    )
    WHEN absolute THEN true
    WHEN btrim(link) LIKE '//%' OR btrim(link) LIKE '.%' THEN true
    ELSE split_part(split_part(btrim(link), '?', 1), '#', 1) ~ '(^|/)\.\.(/|$)'
  END
$$;

UPDATE catalogues SET publisher_logo_link = NULL WHERE lectern_unsafe_link(publisher_logo_link);
UPDATE store_listings SET store_icon_url = NULL WHERE lectern_unsafe_link(store_icon_url);
UPDATE student_updates SET image_url = NULL WHERE lectern_unsafe_link(image_url);
UPDATE live_classes SET thumbnail_url = NULL WHERE lectern_unsafe_link(thumbnail_url);
UPDATE live_classes SET join_url = NULL WHERE lectern_unsafe_link(join_url, true);
UPDATE subjects SET image_path = NULL WHERE lectern_unsafe_link(image_path);
UPDATE users SET image = NULL WHERE lectern_unsafe_link(image);

-- catalogue images and resources are their links: an unsafe one goes
UPDATE catalogues SET theme = jsonb_set(theme, '{images}', (
    SELECT coalesce(jsonb_agg(e ORDER BY i), '[]'::jsonb)
      FROM jsonb_array_elements(theme -> 'images') WITH ORDINALITY AS x(e, i)
     WHERE NOT lectern_unsafe_link(e ->> 'imageLink')))
 WHERE jsonb_typeof(theme -> 'images') = 'array'
   AND EXISTS (SELECT 1 FROM jsonb_array_elements(theme -> 'images') e WHERE lectern_unsafe_link(e ->> 'imageLink'));
UPDATE catalogues SET resources = (
    SELECT coalesce(jsonb_agg(e ORDER BY i), '[]'::jsonb)
      FROM jsonb_array_elements(resources) WITH ORDINALITY AS x(e, i)
     WHERE NOT lectern_unsafe_link(e ->> 'resourceUrl'))
 WHERE jsonb_typeof(resources) = 'array'
   AND EXISTS (SELECT 1 FROM jsonb_array_elements(resources) e WHERE lectern_unsafe_link(e ->> 'resourceUrl'));
-- an instructor keeps their entry without the photo or resume
UPDATE catalogues SET instructors = (
    SELECT coalesce(jsonb_agg(
             e || CASE WHEN lectern_unsafe_link(e ->> 'photo') THEN '{"photo": null}'::jsonb ELSE '{}'::jsonb END
               || CASE WHEN lectern_unsafe_link(e ->> 'resume') THEN '{"resume": null}'::jsonb ELSE '{}'::jsonb END
             ORDER BY i), '[]'::jsonb)
      FROM jsonb_array_elements(instructors) WITH ORDINALITY AS x(e, i))
 WHERE jsonb_typeof(instructors) = 'array'
   AND EXISTS (SELECT 1 FROM jsonb_array_elements(instructors) e
                WHERE lectern_unsafe_link(e ->> 'photo') OR lectern_unsafe_link(e ->> 'resume'));
UPDATE subjects SET instructors = (
    SELECT coalesce(jsonb_agg(
             e || CASE WHEN lectern_unsafe_link(e ->> 'imageLink') THEN '{"imageLink": null}'::jsonb ELSE '{}'::jsonb END
             ORDER BY i), '[]'::jsonb)
      FROM jsonb_array_elements(instructors) WITH ORDINALITY AS x(e, i))
 WHERE jsonb_typeof(instructors) = 'array'
   AND EXISTS (SELECT 1 FROM jsonb_array_elements(instructors) e WHERE lectern_unsafe_link(e ->> 'imageLink'));

-- store listings: a testimonial keeps its words without the photo, a preview video shows its poster,
-- a question paper is its file, the SEO image is optional
UPDATE store_listings SET testimonials = (
    SELECT coalesce(jsonb_agg(
             e || CASE WHEN lectern_unsafe_link(e ->> 'authorImage') THEN '{"authorImage": null}'::jsonb ELSE '{}'::jsonb END
             ORDER BY i), '[]'::jsonb)
      FROM jsonb_array_elements(testimonials) WITH ORDINALITY AS x(e, i))
 WHERE jsonb_typeof(testimonials) = 'array'
   AND EXISTS (SELECT 1 FROM jsonb_array_elements(testimonials) e WHERE lectern_unsafe_link(e ->> 'authorImage'));
UPDATE store_listings SET preview_videos = (
    SELECT coalesce(jsonb_agg(
             e || CASE WHEN lectern_unsafe_link(e ->> 'thumbnail') THEN '{"thumbnail": null}'::jsonb ELSE '{}'::jsonb END
             ORDER BY i), '[]'::jsonb)
      FROM jsonb_array_elements(preview_videos) WITH ORDINALITY AS x(e, i))
 WHERE jsonb_typeof(preview_videos) = 'array'
   AND EXISTS (SELECT 1 FROM jsonb_array_elements(preview_videos) e WHERE lectern_unsafe_link(e ->> 'thumbnail'));
UPDATE store_listings SET question_papers = (
    SELECT coalesce(jsonb_agg(e ORDER BY i), '[]'::jsonb)
      FROM jsonb_array_elements(question_papers) WITH ORDINALITY AS x(e, i)
     WHERE NOT lectern_unsafe_link(e ->> 'questionPaperUrl'))
 WHERE jsonb_typeof(question_papers) = 'array'
   AND EXISTS (SELECT 1 FROM jsonb_array_elements(question_papers) e WHERE lectern_unsafe_link(e ->> 'questionPaperUrl'));
UPDATE store_listings SET seo = seo || '{"ogImage": null}'::jsonb WHERE lectern_unsafe_link(seo ->> 'ogImage');

DROP FUNCTION lectern_unsafe_link(text, boolean);

-- migrate:down
-- Cleared links are not restored: they were unsafe to serve.
SELECT 1;
