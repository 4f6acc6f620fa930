import { describe, expect, it } from 'vitest';
import { storeListing } from '../test/fixtures';
import { completeness, fromListing, htmlText } from './completeness';

describe('completeness meter', () => {
  it('counts the six parts the same and names what is missing', () => {
    expect(
      completeness({ seo: true, faqs: 2, testimonials: 1, syllabus: true, previewVideos: 1, recommendations: 0 }),
    ).toEqual({
      percent: 83,
      done: ['SEO', 'FAQs', 'Testimonials', 'Syllabus', 'Preview video'],
      missing: ['a recommended listing'],
    });
    expect(
      completeness({ seo: false, faqs: 0, testimonials: 0, syllabus: false, previewVideos: 0, recommendations: 0 }),
    ).toEqual({
      percent: 0,
      done: [],
      missing: [
        'SEO title and description',
        'at least one FAQ',
        'at least one testimonial',
        'the exam syllabus',
        'a preview video',
        'a recommended listing',
      ],
    });
  });

  it('reads a listing: an SEO title without a description, or a syllabus of empty paragraphs, is missing', () => {
    const listing = storeListing({
      examSyllabus: '<p></p><p>&nbsp;</p>',
      dynamicMetadataSEOInfo: { title: 'NEET', description: ' ', keywords: [], slug: 'neet', ogImage: null },
    });
    expect(completeness(fromListing(listing)).missing).toEqual([
      'SEO title and description',
      'the exam syllabus',
      'a recommended listing',
    ]);
    expect(completeness(fromListing(storeListing())).percent).toBe(83);
  });

  it('reads the text of rich text without its tags', () => {
    expect(htmlText('<h2>Physics</h2><ul><li>Optics</li></ul>')).toBe('Physics Optics');
  });
});
