import crypto from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  addOns,
  catalogueSubjects,
  catalogues,
  otsProducts,
  settings,
  storeListingRecommendations,
  storeListingSubscriptions,
  storeListings,
  subjects,
  subscriptions,
} from '../db/schema';
import { DEMO_CATALOGUES } from './demo-media';
import { DEMO_LISTING_CONTENT } from './demo-store-listings';

const SEEDED = 'demo_seed_publisher';

type Sub = {
  label: string;
  /** rupees */
  price: number;
  listPrice?: number;
  months?: number;
  endDate?: string;
  featured?: boolean;
  ots?: readonly (readonly [label: string, packageCode: string, groupCode: string])[];
};

interface DemoCatalogue {
  id: string;
  name: string;
  code: string;
  description: string;
  colour: string;
  accent: string;
  subjects: readonly string[];
  subs: readonly Sub[];
  addOns: readonly (readonly [
    name: string,
    rupees: number,
    automation: 'NONE' | 'DELIVERY' | 'EMAIL',
    description: string,
  ])[];
  instructors: readonly (readonly [name: string, role: string, description: string])[];
  tags: readonly string[];
  featured?: boolean;
  featuredOnLeadPage?: boolean;
  archived?: boolean;
  listing?: { name: string; slug: string; categoryId: string; subCategoryId: string };
}

const PRINTED = [
  'Printed study material',
  2499,
  'DELIVERY',
  'Six bound volumes of notes and practice sets, shipped by courier.',
] as const;
const MENTOR = [
  'One-to-one mentorship',
  4999,
  'NONE',
  'A fortnightly 30-minute call with a mentor for the whole plan.',
] as const;
const TESTS = [
  'All-India test series',
  1499,
  'EMAIL',
  '20 full-length mock tests with all-India ranks, mailed on purchase.',
] as const;

/** The demo catalogues: the four demo-video folders grown into courses, and six more; two archived. */
const DEMO: readonly DemoCatalogue[] = [
  {
    id: DEMO_CATALOGUES[0]!.id,
    name: DEMO_CATALOGUES[0]!.name,
    code: DEMO_CATALOGUES[0]!.code,
    description:
      'Live and recorded lessons in Physics, Chemistry and Mathematics for JEE Main 2027, with weekly tests.',
    colour: '#fff7ed',
    accent: '#ea580c',
    subjects: ['subj-quant-aptitude', 'subj-english-grammar'],
    subs: [
      {
        label: '12 months',
        price: 24_999,
        listPrice: 29_999,
        months: 12,
        featured: true,
        ots: [
          ['JEE Main 2027 Kit', 'JM27-KIT', 'JM27'],
          ['JEE Main 2027 Mock Pack', 'JM27-MOCK', 'JM27'],
        ],
      },
      {
        label: 'Till JEE Main 2027',
        price: 19_999,
        endDate: '2027-04-30',
        ots: [['JEE Main 2027 Crash Access', 'JM27-CRASH', 'JM27']],
      },
    ],
    addOns: [PRINTED, MENTOR],
    instructors: [
      ['Arjun Menon', 'Physics faculty', 'IIT Bombay alumnus, 11 years of JEE coaching in Kota.'],
      ['Meera Nair', 'Chemistry faculty', 'M.Sc. Chemistry; author of two organic chemistry workbooks.'],
    ],
    tags: ['JEE', 'Engineering', 'Class 12'],
    featured: true,
    featuredOnLeadPage: true,
    listing: {
      name: 'JEE Main 2027 Complete Course',
      slug: 'jee-main-2027-complete-course',
      categoryId: 'category-engineering',
      subCategoryId: 'subcategory-jee-main',
    },
  },
  {
    id: DEMO_CATALOGUES[1]!.id,
    name: DEMO_CATALOGUES[1]!.name,
    code: DEMO_CATALOGUES[1]!.code,
    description: 'A 90-day revision of the NEET UG syllabus with daily practice questions and three grand tests.',
    colour: '#f0fdf4',
    accent: '#16a34a',
    subjects: ['subj-english-grammar'],
    subs: [
      {
        label: '3 months',
        price: 7_999,
        listPrice: 9_999,
        months: 3,
        featured: true,
        ots: [['NEET Crash 90', 'NEET27-C90', 'NEET27']],
      },
      { label: '6 months', price: 11_999, months: 6 },
    ],
    addOns: [TESTS],
    instructors: [['Kavita Deshpande', 'Biology faculty', 'MBBS; 9 years of NEET biology teaching.']],
    tags: ['NEET', 'Medical'],
    featured: true,
    listing: {
      name: 'NEET UG 2027 Crash Course',
      slug: 'neet-ug-2027-crash-course',
      categoryId: 'category-medical',
      subCategoryId: 'subcategory-neet-ug',
    },
  },
  {
    id: DEMO_CATALOGUES[2]!.id,
    name: DEMO_CATALOGUES[2]!.name,
    code: DEMO_CATALOGUES[2]!.code,
    description: 'General Studies for UPSC Prelims 2026: polity, history, geography, economy and current affairs.',
    colour: '#eff6ff',
    accent: '#2563eb',
    subjects: ['subj-english-grammar'],
    subs: [
      {
        label: 'Till Prelims 2026',
        price: 14_999,
        listPrice: 17_999,
        endDate: '2026-12-31',
        featured: true,
        ots: [
          ['UPSC GS Prelims', 'UPSC26-GS', 'UPSC26'],
          ['CSAT Add-on', 'UPSC26-CSAT', 'UPSC26'],
        ],
      },
      { label: '24 months', price: 29_999, months: 24 },
    ],
    addOns: [PRINTED, TESTS],
    instructors: [
      ['Kavita Deshpande', 'Polity and history', 'Cleared UPSC Mains twice; teaches polity and modern history.'],
    ],
    tags: ['UPSC', 'Civil Services'],
    listing: {
      name: 'UPSC Prelims 2026 Foundation',
      slug: 'upsc-prelims-2026-foundation',
      categoryId: 'category-civil-services',
      subCategoryId: 'subcategory-upsc-prelims',
    },
  },
  {
    id: DEMO_CATALOGUES[3]!.id,
    name: DEMO_CATALOGUES[3]!.name,
    code: DEMO_CATALOGUES[3]!.code,
    description: 'Arithmetic, algebra, geometry and data interpretation for CAT 2026, with sectional tests.',
    colour: '#faf5ff',
    accent: '#7c3aed',
    subjects: ['subj-quant-aptitude', 'subj-english-grammar'],
    subs: [
      { label: '6 months', price: 9_999, months: 6, featured: true, ots: [['CAT Quant Pro', 'CAT26-QP', 'CAT26']] },
      { label: '12 months', price: 14_999, listPrice: 18_999, months: 12 },
    ],
    addOns: [MENTOR],
    instructors: [['Arjun Menon', 'Quantitative aptitude', 'IIM Ahmedabad alumnus; 99.8 percentile in CAT.']],
    tags: ['CAT', 'MBA'],
    featuredOnLeadPage: true,
    listing: {
      name: 'CAT 2026 Quantitative Aptitude',
      slug: 'cat-2026-quantitative-aptitude',
      categoryId: 'category-management',
      subCategoryId: 'subcategory-cat',
    },
  },
  {
    id: 'cat-neet-biology-crash',
    name: 'NEET Biology Crash Course',
    code: 'NEET-BIO-CRASH',
    description: 'Botany and zoology in 45 days: every NCERT line, with 2,000 practice questions.',
    colour: '#ecfdf5',
    accent: '#059669',
    subjects: ['subj-english-grammar'],
    subs: [{ label: '45 days', price: 3_999, months: 2, featured: true }],
    addOns: [PRINTED],
    instructors: [['Kavita Deshpande', 'Biology faculty', 'MBBS; 9 years of NEET biology teaching.']],
    tags: ['NEET', 'Biology'],
  },
  {
    id: 'cat-upsc-gs-foundation',
    name: 'UPSC Prelims GS Foundation',
    code: 'UPSC-GS-FOUND',
    description: 'A two-year foundation in General Studies for first-time UPSC aspirants.',
    colour: '#f8fafc',
    accent: '#0f766e',
    subjects: ['subj-english-grammar'],
    subs: [
      {
        label: '24 months',
        price: 54_999,
        listPrice: 64_999,
        months: 24,
        featured: true,
        ots: [['GS Foundation 2 years', 'UPSC-GSF-24', 'UPSC-GSF']],
      },
      { label: '12 months', price: 34_999, months: 12 },
    ],
    addOns: [PRINTED, MENTOR, TESTS],
    instructors: [['Kavita Deshpande', 'Lead faculty', 'Cleared UPSC Mains twice.']],
    tags: ['UPSC', 'Foundation'],
  },
  {
    id: 'cat-class-10-board-maths',
    name: 'Class 10 Board Maths',
    code: 'CBSE-10-MATHS',
    description: 'The whole CBSE Class 10 Mathematics syllabus, chapter by chapter, with sample papers.',
    colour: '#fefce8',
    accent: '#ca8a04',
    subjects: ['subj-quant-aptitude'],
    subs: [
      {
        label: 'Till board exam 2027',
        price: 4_999,
        endDate: '2027-03-31',
        featured: true,
        ots: [['Class 10 Maths 2027', 'CB10-M27', 'CB10']],
      },
    ],
    addOns: [PRINTED],
    instructors: [['Meera Nair', 'Mathematics faculty', 'M.Sc., B.Ed.; 14 years in CBSE schools.']],
    tags: ['CBSE', 'Class 10'],
    featured: true,
    listing: {
      name: 'Class 10 Board Maths',
      slug: 'class-10-board-maths',
      categoryId: 'category-school-boards',
      subCategoryId: 'subcategory-class-10-cbse',
    },
  },
  {
    id: 'cat-bank-po-english',
    name: 'Bank PO English Mastery',
    code: 'BANK-PO-ENG',
    description: 'Reading comprehension, grammar and descriptive writing for IBPS and SBI PO.',
    colour: '#fdf2f8',
    accent: '#db2777',
    subjects: ['subj-english-grammar'],
    subs: [{ label: '6 months', price: 2_999, listPrice: 3_999, months: 6 }],
    addOns: [],
    instructors: [],
    tags: ['Banking', 'English'],
  },
  {
    id: 'cat-jee-advanced-2026',
    name: 'JEE Advanced 2026 Rank Booster',
    code: 'JEE-ADV-2026',
    description: 'Advanced problem solving for JEE Advanced 2026 (the exam is over: archived).',
    colour: '#f1f5f9',
    accent: '#475569',
    subjects: ['subj-quant-aptitude'],
    subs: [{ label: 'Till JEE Advanced 2026', price: 12_999, endDate: '2026-05-31' }],
    addOns: [],
    instructors: [['Arjun Menon', 'Physics faculty', 'IIT Bombay alumnus.']],
    tags: ['JEE'],
    archived: true,
  },
  {
    id: 'cat-ssc-cgl-2025',
    name: 'SSC CGL 2025 Complete Course',
    code: 'SSC-CGL-2025',
    description: 'Quant, reasoning, English and general awareness for SSC CGL 2025 (archived).',
    colour: '#f5f5f4',
    accent: '#78716c',
    subjects: ['subj-quant-aptitude', 'subj-english-grammar'],
    subs: [{ label: '12 months', price: 5_999, months: 12 }],
    addOns: [TESTS],
    instructors: [],
    tags: ['SSC'],
    archived: true,
  },
];

/** The demo listing of a catalogue: `store-jee-main-2027` for `cat-jee-main-2027` (tests name these ids). */
const listingId = (catalogueId: string) => `store-${catalogueId.replace(/^cat-/, '')}`;

/**
 * A small banner in the catalogue's colours: a file the console serves (apps/web/public/demo/banners),
 * not a data URL, so it passes the contract's link rule (docs/domains/platform.md "Days, dates and links").
 */
function bannerUrl(c: DemoCatalogue): string {
  return `/demo/banners/${c.code.toLowerCase()}.svg`;
}

/**
 * Seeds the demo publisher data once (remembered in settings): the demo catalogues with their details,
 * subjects, subscriptions, OTS products and add-ons, and store listings for five of them in the demo
 * categories. Runs after the demo subjects, categories and catalogues; returns whether it seeded.
 */
export async function seedDemoPublisher(db: Db, now = new Date()): Promise<boolean> {
  const done = await db.select().from(settings).where(eq(settings.key, SEEDED));
  if (done.length > 0) return false;
  const published = new Set(
    (
      await db
        .select({ id: subjects.id, state: subjects.subjectState })
        .from(subjects)
        .where(inArray(subjects.id, [...new Set(DEMO.flatMap((c) => c.subjects))]))
    )
      .filter((s) => s.state === 'PUBLISHED')
      .map((s) => s.id),
  );
  const existing = new Set((await db.select({ id: catalogues.id }).from(catalogues)).map((c) => c.id));
  await db.transaction(async (tx) => {
    for (const [i, c] of DEMO.entries()) {
      const row = {
        name: c.name,
        code: c.code,
        description: c.description,
        publisherName: 'Lectern Learning',
        theme: {
          colour: c.colour,
          cardBackgroundColor: c.colour,
          catalogueCodeFontColor: c.accent,
          completionTextColor: '#1f2937',
          progressBarBackgroundColor: '#e5e7eb',
          progressBarCompletionColor: c.accent,
          activeStateColor: c.accent,
          backgroundColor: '#ffffff',
          images: [{ imageLink: bannerUrl(c), imageSize: 48_213, catalogueImageType: 'BANNER' }],
        },
        resources: [
          {
            resourceId: `${c.id}-syllabus`,
            name: `${c.name} syllabus.pdf`,
            type: 'CATALOGUE_SYLLABUS',
            resourceUrl: `/files/public/catalogue-syllabus/${c.code.toLowerCase()}-syllabus.pdf`,
            size: 245_760 + i * 1024,
          },
        ],
        instructors: c.instructors.map(([instructorName, role, description]) => ({
          instructorName,
          role,
          description,
          photo: null,
          resume: null,
        })),
        tags: c.tags,
        publishState: !c.archived,
        featured: c.featured ?? false,
        featuredOnLeadPage: c.featuredOnLeadPage ?? false,
        packageCode: c.code,
        packageGroupCode: c.code.split('-')[0] ?? c.code,
        archived: c.archived ?? false,
        createdByName: 'Priya Raghavan',
        updatedAt: new Date(now.getTime() - (DEMO.length - i) * 3_600_000),
      };
      if (existing.has(c.id)) await tx.update(catalogues).set(row).where(eq(catalogues.id, c.id));
      else {
        await tx
          .insert(catalogues)
          .values({ id: c.id, ...row, createdAt: new Date(now.getTime() - (40 - i) * 86_400_000) });
      }
      const own = c.subjects.filter((s) => published.has(s));
      if (own.length > 0) {
        await tx
          .insert(catalogueSubjects)
          .values(own.map((subjectId, position) => ({ catalogueId: c.id, subjectId, position })));
      }
      for (const [position, s] of c.subs.entries()) {
        const subscriptionId = `${c.id}-sub-${position + 1}`;
        await tx.insert(subscriptions).values({
          id: subscriptionId,
          catalogueId: c.id,
          position,
          label: s.label,
          subscriptionType: s.endDate ? 'FIXED' : 'DURATION',
          featured: s.featured ?? false,
          price: s.price * 100,
          listPrice: s.listPrice ? s.listPrice * 100 : null,
          numberOfMonths: s.months ?? null,
          endDate: s.endDate ?? null,
        });
        if (s.ots?.length) {
          await tx.insert(otsProducts).values(
            s.ots.map(([productLabel, packageCode, groupCode], p) => ({
              id: crypto.randomUUID(),
              subscriptionId,
              position: p,
              productLabel,
              packageCode,
              groupCode,
              status: p === 1 ? 'UPDATED' : 'CREATED',
            })),
          );
        }
      }
      if (c.addOns.length > 0) {
        await tx.insert(addOns).values(
          c.addOns.map(([name, rupees, automationType, description], position) => ({
            id: `${c.id}-addon-${position + 1}`,
            catalogueId: c.id,
            position,
            name,
            price: rupees * 100,
            description,
            automationType,
          })),
        );
      }
      if (c.listing) {
        const content = DEMO_LISTING_CONTENT[c.id];
        await tx.insert(storeListings).values({
          id: listingId(c.id),
          catalogueId: c.id,
          name: c.listing.name,
          code: c.code,
          slug: c.listing.slug,
          categoryId: c.listing.categoryId,
          subCategoryId: c.listing.subCategoryId,
          ...(content && {
            description: content.description,
            sameNameAsCatalogue: c.listing.name === c.name,
            examSyllabus: content.examSyllabus,
            examPattern: content.examPattern,
            preparationTips: content.preparationTips,
            programs: content.programs,
            studentTargetYear: content.studentTargetYear,
            featuredOnHomePage: content.featuredOnHomePage,
            featuredOnLeadPage: content.featuredOnLeadPage,
            publishState: true,
            addOnIds: c.addOns.slice(0, content.addOns).map((_a, n) => `${c.id}-addon-${n + 1}`),
            testimonials: content.testimonials.map((t) => ({ ...t, authorImage: null })),
            faqs: content.faqs.map(([question, answer]) => ({ question, answer })),
            questionPapers: content.questionPapers.map(([questionPaperName, questionPaperUrl]) => ({
              questionPaperName,
              questionPaperUrl,
            })),
            seo: { ...content.seo, ogImage: null },
            createdByName: 'Priya Raghavan',
          }),
        });
        if (content && content.subscriptions > 0) {
          await tx.insert(storeListingSubscriptions).values(
            c.subs.slice(0, content.subscriptions).map((_s, position) => ({
              storeListingId: listingId(c.id),
              subscriptionId: `${c.id}-sub-${position + 1}`,
              position,
              featured: position === 0,
            })),
          );
        }
      }
    }
    // Recommendations last: they point at listings made above.
    for (const c of DEMO) {
      const recommends = (c.listing && DEMO_LISTING_CONTENT[c.id]?.recommends) || [];
      if (recommends.length === 0) continue;
      await tx.insert(storeListingRecommendations).values(
        recommends.map((other, position) => ({
          storeListingId: listingId(c.id),
          recommendedId: listingId(other),
          position,
        })),
      );
    }
    await tx.insert(settings).values({ key: SEEDED, value: now.toISOString() });
  });
  return true;
}
