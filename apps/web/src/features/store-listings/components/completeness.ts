import type { StoreListingListItem } from '@lectern/contract';

/** How much of a listing is there, part by part: what the completeness meter reads. */
export interface CompletenessInput {
  /** an SEO title and description */
  seo: boolean;
  faqs: number;
  testimonials: number;
  /** the exam syllabus has text */
  syllabus: boolean;
  previewVideos: number;
  recommendations: number;
}

/** The parts of a complete listing, in the order the meter names them, with what to do when missing. */
const PARTS: readonly { key: keyof CompletenessInput; label: string; missing: string }[] = [
  { key: 'seo', label: 'SEO', missing: 'SEO title and description' },
  { key: 'faqs', label: 'FAQs', missing: 'at least one FAQ' },
  { key: 'testimonials', label: 'Testimonials', missing: 'at least one testimonial' },
  { key: 'syllabus', label: 'Syllabus', missing: 'the exam syllabus' },
  { key: 'previewVideos', label: 'Preview video', missing: 'a preview video' },
  { key: 'recommendations', label: 'Recommendations', missing: 'a recommended listing' },
];

export interface Completeness {
  /** 0-100, whole */
  percent: number;
  /** the parts present, by label */
  done: string[];
  /** what is missing, as the meter says it ('at least one FAQ') */
  missing: string[];
}

/** The completeness of a listing: each of the six parts counts the same. */
export function completeness(input: CompletenessInput): Completeness {
  const done: string[] = [];
  const missing: string[] = [];
  for (const part of PARTS) {
    const value = input[part.key];
    if (value === true || (typeof value === 'number' && value > 0)) done.push(part.label);
    else missing.push(part.missing);
  }
  return { percent: Math.round((done.length / PARTS.length) * 100), done, missing };
}

/** The text of an HTML fragment, without its tags (whether rich text says anything). */
export function htmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The meter's input from a row of the listings table. */
export function fromListItem(item: StoreListingListItem): CompletenessInput {
  return {
    seo: item.hasSeo,
    faqs: item.counts.faqs,
    testimonials: item.counts.testimonials,
    syllabus: item.hasSyllabus,
    previewVideos: item.counts.previewVideos,
    recommendations: item.counts.recommendationCourses,
  };
}

/** The meter's input from a listing's fields (saved, or as typed in the editor). */
export function fromListing(listing: {
  faqs: readonly unknown[];
  testimonials: readonly unknown[];
  examSyllabus: string;
  previewVideos: readonly unknown[];
  recommendationCourses: readonly unknown[];
  dynamicMetadataSEOInfo: { title: string; description: string };
}): CompletenessInput {
  const seo = listing.dynamicMetadataSEOInfo;
  return {
    seo: seo.title.trim() !== '' && seo.description.trim() !== '',
    faqs: listing.faqs.length,
    testimonials: listing.testimonials.length,
    syllabus: htmlText(listing.examSyllabus) !== '',
    previewVideos: listing.previewVideos.length,
    recommendations: listing.recommendationCourses.length,
  };
}
