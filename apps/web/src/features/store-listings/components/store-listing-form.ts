import { z } from 'zod';
import {
  CreateStoreListingBodySchema,
  FaqInputSchema,
  QuestionPaperInputSchema,
  STORE_DESCRIPTION_MAX,
  STORE_RICH_TEXT_MAX,
  SeoInfoInputSchema,
  StoreListingCodeSchema,
  StorePreviewVideoInputSchema,
  StoreSubscriptionInputSchema,
  TestimonialInputSchema,
  type StoreListing,
} from '@lectern/contract';
import { inItem, sentence, stepErrors as stepErrorTexts, type FormProblem } from '../../../components/form/step-errors';
import type { CreateStoreListingInput, UpdateStoreListingInput } from '../api/store-listing-mutations';
import { htmlText } from './completeness';

// The store-listing editor's form: the contract's input schemas, except that numbers, links and lists
// are typed as text (blank is null or empty) and rich text is the editor's HTML ('' when empty).

/** Runs a contract schema on a value the form has already shaped, reporting its issues at their paths. */
function thenCheck<T extends z.ZodType>(schema: T) {
  return (value: unknown, ctx: z.RefinementCtx): z.output<T> => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path.map((part) => String(part)) });
    }
    return z.NEVER;
  };
}

const BlankIsNull = z.string().transform((text) => (text.trim() === '' ? null : text.trim()));

/** Rich text: at most `max` characters of HTML, so nothing typed is cut off by the server. */
const RichText = (what: string, max: number) =>
  z.string().max(max, `${what} is too long: at most ${max.toLocaleString('en-IN')} characters of formatted text`);

/** A whole number typed as text; blank is null. */
const WholeNumber = (message: string, min: number, max: number) =>
  z.string().transform((text, ctx): number | null => {
    const trimmed = text.trim();
    if (trimmed === '') return null;
    const value = Number(trimmed);
    if (!/^\d+$/.test(trimmed) || value < min || value > max) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return value;
  });

const Hours = z.string().transform((text, ctx): number | null => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  if (!/^\d+(\.\d)?$/.test(trimmed) || value > 10_000) {
    ctx.addIssue({ code: 'custom', message: 'Hours must be a number such as 120 or 120.5 (at most 10,000)' });
    return z.NEVER;
  }
  return value;
});

/** 'a, b' as ['a', 'b']: programs and keywords are typed comma-separated. */
export function splitList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

const Programs = z
  .string()
  .transform(splitList)
  .pipe(z.array(z.string().max(80, 'A program must be at most 80 characters')).max(20, 'At most 20 programs'));

const TestimonialFormSchema = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    authorImage: BlankIsNull,
    description: z.string(),
    title: z.string(),
  })
  .transform(thenCheck(TestimonialInputSchema));

const FaqFormSchema = z
  .object({ question: z.string(), answer: z.string() })
  // an answer of empty paragraphs says nothing
  .superRefine((faq, ctx) => {
    if (htmlText(faq.answer) === '') ctx.addIssue({ code: 'custom', path: ['answer'], message: 'Answer is required' });
  })
  .transform(thenCheck(FaqInputSchema));

const SeoFormSchema = z
  .object({
    title: z.string(),
    description: z.string(),
    keywords: z.string().transform(splitList),
    slug: z.string().transform((text) => (text.trim() === '' ? undefined : text.trim())),
    ogImage: BlankIsNull,
  })
  .transform(thenCheck(SeoInfoInputSchema));

export const StoreListingFormSchema = z
  .object({
    catalogueId: z.string().trim().min(1, 'Choose the catalogue to list'),
    sameNameAsCatalogue: z.boolean(),
    storeListingName: z.string().trim().max(200, 'Store listing name must be at most 200 characters'),
    storeListingCode: StoreListingCodeSchema,
    storeListingDescription: RichText('Description', STORE_DESCRIPTION_MAX),
    sameAsCatalogueHours: z.boolean(),
    storeListingHours: Hours,
    categoryId: BlankIsNull,
    subCategoryId: BlankIsNull,
    publishState: z.boolean(),
    examSyllabus: RichText('Exam syllabus', STORE_RICH_TEXT_MAX),
    examPattern: RichText('Exam pattern', STORE_RICH_TEXT_MAX),
    preparationTips: RichText('Preparation tips', STORE_RICH_TEXT_MAX),
    studentTargetYear: WholeNumber('Target year must be a year such as 2027', 2000, 2100),
    programs: Programs,
    storeIconUrl: BlankIsNull,
    previewVideos: z.array(StorePreviewVideoInputSchema).max(20, 'At most 20 preview videos'),
    testimonials: z.array(TestimonialFormSchema).max(50, 'At most 50 testimonials'),
    faqs: z.array(FaqFormSchema).max(50, 'At most 50 FAQs'),
    questionPapers: z.array(QuestionPaperInputSchema).max(50, 'At most 50 question papers'),
    subscriptions: z.array(StoreSubscriptionInputSchema),
    addons: z.array(z.string()),
    featuredOnHomePage: z.boolean(),
    featuredOnLeadPage: z.boolean(),
    dynamicMetadataSEOInfo: SeoFormSchema,
    recommendationCourses: z.array(z.string()).max(20, 'At most 20 recommendations'),
  })
  // the contract's rules across fields (a name or 'same name', hours or 'same hours', a sub-category's category)
  .superRefine((values, ctx) => {
    const parsed = CreateStoreListingBodySchema.safeParse({ ...values, catalogueId: values.catalogueId || '-' });
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]);
      if (issue.code === 'custom' && ['storeListingName', 'storeListingHours', 'categoryId'].includes(field)) {
        ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
      }
    }
  });

export type StoreListingFormInput = z.input<typeof StoreListingFormSchema>;
export type StoreListingFormValues = z.output<typeof StoreListingFormSchema>;

/** A new listing: the contract's defaults ('same as catalogue hours' on, spec 2 §9). */
export function emptyValues(): StoreListingFormInput {
  return {
    catalogueId: '',
    sameNameAsCatalogue: true,
    storeListingName: '',
    storeListingCode: '',
    storeListingDescription: '',
    sameAsCatalogueHours: true,
    storeListingHours: '',
    categoryId: '',
    subCategoryId: '',
    publishState: false,
    examSyllabus: '',
    examPattern: '',
    preparationTips: '',
    studentTargetYear: '',
    programs: '',
    storeIconUrl: '',
    previewVideos: [],
    testimonials: [],
    faqs: [],
    questionPapers: [],
    subscriptions: [],
    addons: [],
    featuredOnHomePage: false,
    featuredOnLeadPage: false,
    dynamicMetadataSEOInfo: { title: '', description: '', keywords: '', slug: '', ogImage: '' },
    recommendationCourses: [],
  };
}

/** The form's values for a saved listing. */
export function valuesOf(listing: StoreListing): StoreListingFormInput {
  const seo = listing.dynamicMetadataSEOInfo;
  return {
    catalogueId: listing.catalogueId,
    sameNameAsCatalogue: listing.sameNameAsCatalogue,
    storeListingName: listing.storeListingName,
    storeListingCode: listing.storeListingCode,
    storeListingDescription: listing.storeListingDescription,
    sameAsCatalogueHours: listing.sameAsCatalogueHours,
    storeListingHours: listing.sameAsCatalogueHours ? '' : String(listing.storeListingHours),
    categoryId: listing.category?.categoryId ?? '',
    subCategoryId: listing.category?.subCategory?.subCategoryId ?? '',
    publishState: listing.publishState,
    examSyllabus: listing.examSyllabus,
    examPattern: listing.examPattern,
    preparationTips: listing.preparationTips,
    studentTargetYear: listing.studentTargetYear === null ? '' : String(listing.studentTargetYear),
    programs: listing.programs.join(', '),
    storeIconUrl: listing.storeIconUrl ?? '',
    previewVideos: listing.previewVideos.map((video) => ({
      videoId: video.videoId,
      title: video.title,
      tag: video.tag,
      thumbnail: video.thumbnail,
    })),
    testimonials: listing.testimonials.map((t) => ({ ...t, authorImage: t.authorImage ?? '' })),
    faqs: listing.faqs.map((faq) => ({ ...faq })),
    questionPapers: listing.questionPapers.map((paper) => ({ ...paper })),
    subscriptions: listing.subscriptions.map((s) => ({
      subscriptionId: s.subscription.subscriptionId,
      featured: s.featured,
    })),
    addons: listing.addons.map((addOn) => addOn.addOnId),
    featuredOnHomePage: listing.featuredOnHomePage,
    featuredOnLeadPage: listing.featuredOnLeadPage,
    dynamicMetadataSEOInfo: {
      title: seo.title,
      description: seo.description,
      keywords: seo.keywords.join(', '),
      slug: seo.slug,
      ogImage: seo.ogImage ?? '',
    },
    recommendationCourses: listing.recommendationCourses.map((r) => r.storeListingId),
  };
}

/** The sections both bodies carry. */
function sections(values: StoreListingFormValues) {
  const { catalogueId: _catalogueId, ...rest } = values;
  return {
    ...rest,
    // with 'same name' the name is the catalogue's; with 'same hours' the hours are
    storeListingName: values.sameNameAsCatalogue ? '' : values.storeListingName,
    storeListingHours: values.sameAsCatalogueHours ? null : values.storeListingHours,
    subCategoryId: values.categoryId === null ? null : values.subCategoryId,
  };
}

/** POST /create. */
export function createBody(values: StoreListingFormValues): CreateStoreListingInput {
  return { catalogueId: values.catalogueId, ...sections(values) };
}

/** PUT /update at the version the editor saw (the catalogue cannot change). */
export function updateBody(saved: StoreListing, values: StoreListingFormValues): UpdateStoreListingInput {
  return { storeListingId: saved.storeListingId, version: saved.version, ...sections(values) };
}

/** The editor's steps, each with the form fields it holds (for its error text and its validation). */
export const STEPS = [
  {
    label: 'Basics',
    fields: [
      'catalogueId',
      'sameNameAsCatalogue',
      'storeListingName',
      'storeListingCode',
      'categoryId',
      'subCategoryId',
      'sameAsCatalogueHours',
      'storeListingHours',
      'storeListingDescription',
      'publishState',
    ],
  },
  { label: 'Content', fields: ['examSyllabus', 'examPattern', 'preparationTips', 'studentTargetYear', 'programs'] },
  { label: 'Media', fields: ['storeIconUrl', 'previewVideos'] },
  { label: 'Testimonials and FAQs', fields: ['testimonials', 'faqs'] },
  { label: 'Question papers', fields: ['questionPapers'] },
  { label: 'Plans', fields: ['subscriptions', 'addons', 'featuredOnHomePage', 'featuredOnLeadPage'] },
  { label: 'SEO', fields: ['dynamicMetadataSEOInfo'] },
  { label: 'Recommendations', fields: ['recommendationCourses'] },
] as const;

export { sentence };

const ITEM_NAMES: Record<string, string> = {
  testimonials: 'Testimonial',
  faqs: 'FAQ',
  questionPapers: 'Question paper',
  previewVideos: 'Preview video',
};

/** 'FAQ 2: Answer is required.' for 'faqs.1.answer'. */
export function describeError({ path, message }: FormProblem): string {
  return inItem(path, ITEM_NAMES, sentence(message));
}

/** The error text of each step: its first problem, and how many more there are. */
export function stepErrors(errors: unknown): (string | undefined)[] {
  return stepErrorTexts(STEPS, errors, describeError);
}

/** A slug made from a name: 'NEET Complete 2027!' -> 'neet-complete-2027'. */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}
