import { describe, expect, it } from 'vitest';
import { STORE_RICH_TEXT_MAX } from '@lectern/contract';
import { storeListing } from '../test/fixtures';
import {
  StoreListingFormSchema,
  createBody,
  emptyValues,
  slugify,
  stepErrors,
  updateBody,
  valuesOf,
  type StoreListingFormInput,
} from './store-listing-form';

function parse(values: StoreListingFormInput) {
  return StoreListingFormSchema.safeParse(values);
}

function messages(values: StoreListingFormInput): Record<string, string> {
  const result = parse(values);
  if (result.success) return {};
  // the form shows each field's first message
  const first: Record<string, string> = {};
  for (const issue of result.error.issues) first[issue.path.join('.')] ??= issue.message;
  return first;
}

const VALID: StoreListingFormInput = { ...emptyValues(), catalogueId: 'c-neet', storeListingCode: 'NEET-27' };

describe('store listing form', () => {
  it('asks for a catalogue and a code, and a name or the catalogue name, with clear messages', () => {
    expect(messages({ ...emptyValues(), sameNameAsCatalogue: false })).toEqual({
      catalogueId: 'Choose the catalogue to list',
      storeListingCode: 'Store listing code must be at least 2 characters',
      storeListingName: "Store listing name is required (or choose 'same name as catalogue')",
    });
    expect(parse(VALID).success).toBe(true);
  });

  it('refuses a code with spaces, hours that are not a number, a year out of range and a sub-category alone', () => {
    expect(
      messages({
        ...VALID,
        storeListingCode: 'NEET 27',
        sameAsCatalogueHours: false,
        storeListingHours: 'ten',
        studentTargetYear: '27',
      }),
    ).toEqual({
      storeListingCode: 'Store listing code may hold only letters, digits and hyphens',
      storeListingHours: 'Hours must be a number such as 120 or 120.5 (at most 10,000)',
      studentTargetYear: 'Target year must be a year such as 2027',
    });
    expect(messages({ ...VALID, sameAsCatalogueHours: false })).toEqual({
      storeListingHours: "Store listing hours are required (or choose 'same as catalogue hours')",
    });
    expect(messages({ ...VALID, subCategoryId: 'sub-neet' })).toEqual({
      categoryId: 'a sub-category needs its category',
    });
  });

  it('refuses oversize rich text, an empty FAQ answer, a long SEO title and a bad slug', () => {
    expect(
      messages({
        ...VALID,
        examSyllabus: `<p>${'x'.repeat(STORE_RICH_TEXT_MAX)}</p>`,
        faqs: [{ question: 'Free trial?', answer: '<p></p>' }],
        dynamicMetadataSEOInfo: { title: 'x'.repeat(71), description: '', keywords: '', slug: 'Bad Slug', ogImage: '' },
      }),
    ).toEqual({
      examSyllabus: 'Exam syllabus is too long: at most 20,000 characters of formatted text',
      'faqs.0.answer': 'Answer is required',
      'dynamicMetadataSEOInfo.title': 'SEO title must be at most 70 characters',
      'dynamicMetadataSEOInfo.slug': 'Slug may hold only lower-case letters, digits and single hyphens',
    });
  });

  it('names the step and the item of each problem', () => {
    const result = parse({
      ...VALID,
      faqs: [
        { question: 'Free trial?', answer: '<p>Yes</p>' },
        { question: '', answer: '<p>Yes</p>' },
      ],
    });
    expect(result.success).toBe(false);
    const errors = { faqs: [undefined, { question: { message: 'Question is required' } }] };
    expect(stepErrors(errors)[3]).toBe('FAQ 2: Question is required.');
  });

  it('reads a saved listing back into the same body, at the version the editor saw', () => {
    const saved = storeListing();
    const result = StoreListingFormSchema.parse(valuesOf(saved));
    const body = updateBody(saved, result);
    expect(body).toMatchObject({
      storeListingId: 'sl-1',
      version: 3,
      storeListingName: '',
      storeListingHours: null,
      categoryId: 'cat-med',
      subCategoryId: 'sub-neet',
      programs: ['Two-year program'],
      subscriptions: [{ subscriptionId: 'sub-1', featured: true }],
      previewVideos: [
        {
          videoId: 'v-1',
          title: 'Cell biology in 90 seconds',
          tag: 'Biology',
          thumbnail: 'preview-videos/c-neet/v-1/thumb-2.jpg',
        },
      ],
      faqs: saved.faqs,
      dynamicMetadataSEOInfo: { ...saved.dynamicMetadataSEOInfo },
    });
    expect('catalogueId' in body).toBe(false);
    expect(createBody(result).catalogueId).toBe('c-neet');
  });

  it('makes slugs from names', () => {
    expect(slugify('NEET Complete 2027!')).toBe('neet-complete-2027');
    expect(slugify('  Crash -- Course ')).toBe('crash-course');
  });
});
