import { describe, expect, it } from 'vitest';
import { paise } from '@lectern/contract';
import { courseJsonLd, isoHours, jsonLdWarnings, structuredDataFacts, type CourseSource } from './json-ld';

const SOURCE: CourseSource = {
  name: 'NEET Complete 2027',
  code: 'NEET-27',
  descriptionHtml: '<p>The whole <strong>NEET</strong> syllabus.</p>',
  seoTitle: 'NEET 2027 online course',
  seoDescription: '',
  keywords: ['neet', 'biology'],
  slug: 'neet-complete-2027',
  image: 'http://cdn.test/icon.jpg',
  hours: 120.5,
  targetYear: 2027,
  offers: [
    { name: 'One year', price: paise(499_900), available: true },
    { name: 'Old plan', price: paise(99_900), available: false },
  ],
};

const SITE = { origin: 'https://learn.example', providerName: 'Lectern Academy' };

describe('Course JSON-LD', () => {
  it('is a schema.org Course with hasCourseInstance and offers made from the fields', () => {
    expect(courseJsonLd(SOURCE, SITE)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Course',
      name: 'NEET 2027 online course',
      // no SEO description: the listing's own, as text
      description: 'The whole NEET syllabus.',
      courseCode: 'NEET-27',
      url: 'https://learn.example/store/neet-complete-2027',
      image: 'http://cdn.test/icon.jpg',
      keywords: 'neet, biology',
      provider: { '@type': 'Organization', name: 'Lectern Academy', sameAs: 'https://learn.example' },
      hasCourseInstance: [
        { '@type': 'CourseInstance', courseMode: 'Online', courseWorkload: 'PT120H30M', endDate: '2027-12-31' },
      ],
      offers: [
        {
          '@type': 'Offer',
          category: 'Paid',
          name: 'One year',
          price: '4999.00',
          priceCurrency: 'INR',
          availability: 'https://schema.org/InStock',
          url: 'https://learn.example/store/neet-complete-2027',
        },
        {
          '@type': 'Offer',
          category: 'Paid',
          name: 'Old plan',
          price: '999.00',
          priceCurrency: 'INR',
          availability: 'https://schema.org/Discontinued',
          url: 'https://learn.example/store/neet-complete-2027',
        },
      ],
    });
  });

  it('leaves out what is not there, and the SEO fields win over the listing name and description', () => {
    const json = courseJsonLd(
      {
        ...SOURCE,
        seoTitle: ' ',
        seoDescription: 'Live NEET classes.',
        image: null,
        keywords: [],
        hours: null,
        targetYear: null,
        offers: [],
      },
      SITE,
    );
    expect(json.name).toBe('NEET Complete 2027');
    expect(json.description).toBe('Live NEET classes.');
    expect('image' in json).toBe(false);
    expect('keywords' in json).toBe(false);
    expect(json.hasCourseInstance).toEqual([{ '@type': 'CourseInstance', courseMode: 'Online' }]);
    expect(json.offers).toEqual([]);
  });

  it('warns when course results would lack a description or an offer', () => {
    expect(jsonLdWarnings(SOURCE)).toEqual([]);
    expect(courseJsonLd({ ...SOURCE, image: '/files/store/icons/bank.jpg' }, SITE).image).toBe(
      'https://learn.example/files/store/icons/bank.jpg',
    );
    expect(jsonLdWarnings({ ...SOURCE, descriptionHtml: '<p></p>', offers: [] })).toEqual([
      'Add a description: course results need one.',
      'Show at least one plan: course results need an offer.',
    ]);
  });

  it('writes hours as an ISO 8601 duration', () => {
    expect(isoHours(120)).toBe('PT120H');
    expect(isoHours(0.25)).toBe('PT0H15M');
  });
});

describe('structured data as a person reads it', () => {
  it('names the course, its provider, workload, address and each plan with its price in rupees', () => {
    const facts = Object.fromEntries(structuredDataFacts(courseJsonLd(SOURCE, SITE)));
    expect(facts).toMatchObject({
      Course: 'NEET 2027 online course',
      Code: 'NEET-27',
      Provider: 'Lectern Academy',
      Taught: 'Online, 120 hours 30 minutes',
      Address: 'https://learn.example/store/neet-complete-2027',
      Keywords: 'neet, biology',
      Plans: 'One year: Rs. 4,999; Old plan: Rs. 999',
    });
    // no raw JSON on the surface
    expect(Object.values(facts).join(' ')).not.toMatch(/[{}"]|schema\.org|PT120H/);
  });

  it('says when no plan gives a price, and an hour in the singular', () => {
    const facts = Object.fromEntries(structuredDataFacts(courseJsonLd({ ...SOURCE, hours: 1, offers: [] }, SITE)));
    expect(facts.Plans).toBe('None: search engines show no price');
    expect(facts.Taught).toBe('Online, 1 hour');
  });
});
