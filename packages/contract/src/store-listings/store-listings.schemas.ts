import { z } from 'zod';
import { linkSchema } from '../fields';
import { AddOnSchema, SubscriptionSchema } from '../catalogues/catalogues.schemas';

// Store listings (spec 2 §3 "Store listing", DESIGN §9): the public page of a catalogue in the store,
// what students read before they buy. A catalogue has at most one listing; a listing's code and slug
// are unique. Field names are the spec's. Rich text (descriptions, syllabus, exam pattern, preparation
// tips, FAQ answers) is HTML that the server sanitises: what it answers is what it stored, already safe.

const Id = z.string().min(1).max(64);
const Version = z.number().int().min(0);
const Text = (what: string, max = 200) =>
  z.string().trim().min(1, `${what} is required`).max(max, `${what} must be at most ${max} characters`);
const OptionalText = (what: string, max: number) =>
  z.string().trim().max(max, `${what} must be at most ${max} characters`).default('');
const Link = linkSchema;

/** The longest rich text (in characters of HTML, as sent) a listing field takes. */
export const STORE_RICH_TEXT_MAX = 20_000;
/** The longest listing description (HTML, as sent). */
export const STORE_DESCRIPTION_MAX = 5_000;

/** Rich text as the editor sends it; the server sanitises it before storing. */
const RichText = (what: string, max = STORE_RICH_TEXT_MAX) =>
  z.string().max(max, `${what} is too long: at most ${max} characters, please shorten it`).default('');

/** Store listing codes: letters, digits and hyphens, unique among listings (case-insensitive). */
export const StoreListingCodeSchema = z
  .string()
  .trim()
  .min(2, 'Store listing code must be at least 2 characters')
  .max(40, 'Store listing code must be at most 40 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/, 'Store listing code may hold only letters, digits and hyphens');

/** The listing's address in the store, `/store/{slug}`: lower-case words joined by hyphens, unique. */
export const StoreListingSlugSchema = z
  .string()
  .trim()
  .min(2, 'Slug must be at least 2 characters')
  .max(80, 'Slug must be at most 80 characters')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Slug may hold only lower-case letters, digits and single hyphens');

/** Limits of the SEO fields; the web's length counters use the same numbers. */
export const SEO_LIMITS = { title: 70, description: 160, keywords: 20, keyword: 50 } as const;

// ---- parts, as the server answers them

export const StoreCategorySchema = z.object({
  categoryId: z.string(),
  categoryName: z.string(),
  subCategory: z.object({ subCategoryId: z.string(), subCategoryName: z.string() }).nullable(),
});

/** A preview video shown on the listing: one of its catalogue's transcoded preview videos. */
export const StorePreviewVideoSchema = z.object({
  videoId: z.string(),
  /** the name of the video's catalogue folder (the spec's subjectName) */
  subjectName: z.string(),
  tag: z.string(),
  title: z.string(),
  /** storage key of the HLS master playlist (sign it with files.videoUrl for playback) */
  videoUrl: z.string().nullable(),
  /** storage key of the chosen generated thumbnail (or poster); files.videoUrl gives its signed address */
  thumbnail: z.string().nullable(),
});

/** A testimonial: the spec's Author (a student's words with their name, photo and title such as 'AIR 312, JEE Advanced 2025'). */
export const TestimonialSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  authorImage: z.string().nullable(),
  /** what they say */
  description: z.string(),
  title: z.string(),
});

export const FaqSchema = z.object({
  question: z.string(),
  /** sanitised HTML */
  answer: z.string(),
});

export const QuestionPaperSchema = z.object({
  questionPaperName: z.string(),
  /** the uploaded file (question-paper resource type) */
  questionPaperUrl: z.string(),
});

/** What search engines and link previews read (the web shows a live search-result preview). */
export const SeoInfoSchema = z.object({
  title: z.string(),
  description: z.string(),
  keywords: z.array(z.string()),
  /** the canonical slug: the listing's address is /store/{slug} */
  slug: z.string(),
  /** Open Graph image */
  ogImage: z.string().nullable(),
});

/** A catalogue subscription shown on the listing (the spec's store subscription link). */
export const StoreSubscriptionSchema = z.object({
  storeListingId: z.string(),
  subscription: SubscriptionSchema,
  /** ACTIVE while it can be bought; ENDED once a FIXED plan's end date has passed */
  usageStatus: z.enum(['ACTIVE', 'ENDED']),
  /** highlighted on this listing */
  featured: z.boolean(),
});

/** Another listing this one recommends (or may recommend). */
export const RecommendedListingSchema = z.object({
  storeListingId: z.string(),
  storeListingName: z.string(),
  storeListingCode: z.string(),
  catalogueId: z.string(),
  catalogueName: z.string(),
  category: StoreCategorySchema.nullable(),
  storeIconUrl: z.string().nullable(),
  storeListingUrl: z.string(),
});
export type RecommendedListing = z.infer<typeof RecommendedListingSchema>;

const Who = z.object({ userId: z.string().nullable(), name: z.string() });

/** One store listing with every field of spec 2 §3 (GET /publisher/storemanager/store/{storeId}). */
export const StoreListingSchema = z.object({
  storeListingId: z.string(),
  version: z.number().int(),
  storeListingName: z.string(),
  storeListingCode: z.string(),
  /** sanitised HTML */
  storeListingDescription: z.string(),
  sameNameAsCatalogue: z.boolean(),
  sameAsCatalogueHours: z.boolean(),
  /** hours shown on the listing: the catalogue's (derived from its subjects) when sameAsCatalogueHours */
  storeListingHours: z.number(),
  catalogueId: z.string(),
  catalogueName: z.string(),
  catalogueCode: z.string(),
  catalogueArchived: z.boolean(),
  category: StoreCategorySchema.nullable(),
  /** sanitised HTML */
  examSyllabus: z.string(),
  programs: z.array(z.string()),
  storeIconUrl: z.string().nullable(),
  /** sanitised HTML */
  examPattern: z.string(),
  /** sanitised HTML */
  preparationTips: z.string(),
  studentTargetYear: z.number().int().nullable(),
  featuredOnHomePage: z.boolean(),
  featuredOnLeadPage: z.boolean(),
  /** published in the store, else a draft (the 'published' and 'draft' tags) */
  publishState: z.boolean(),
  subscriptions: z.array(StoreSubscriptionSchema),
  addons: z.array(AddOnSchema),
  previewVideos: z.array(StorePreviewVideoSchema),
  testimonials: z.array(TestimonialSchema),
  /** in the order shown */
  faqs: z.array(FaqSchema),
  questionPapers: z.array(QuestionPaperSchema),
  recommendationCourses: z.array(RecommendedListingSchema),
  dynamicMetadataSEOInfo: SeoInfoSchema,
  storeListingUrl: z.string(),
  createdBy: Who,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StoreListing = z.infer<typeof StoreListingSchema>;

/** A row of the store listings table (GET /publisher/storemanager/all). */
export const StoreListingListItemSchema = z.object({
  storeListingId: z.string(),
  storeListingName: z.string(),
  storeListingCode: z.string(),
  catalogueId: z.string(),
  catalogueName: z.string(),
  catalogueCode: z.string(),
  catalogueArchived: z.boolean(),
  category: StoreCategorySchema.nullable(),
  storeIconUrl: z.string().nullable(),
  storeListingUrl: z.string(),
  studentTargetYear: z.number().int().nullable(),
  featuredOnHomePage: z.boolean(),
  featuredOnLeadPage: z.boolean(),
  publishState: z.boolean(),
  /** how much there is of each part (the completeness meter) */
  counts: z.object({
    subscriptions: z.number().int(),
    previewVideos: z.number().int(),
    testimonials: z.number().int(),
    faqs: z.number().int(),
    questionPapers: z.number().int(),
    recommendationCourses: z.number().int(),
  }),
  hasSyllabus: z.boolean(),
  hasSeo: z.boolean(),
  createdBy: Who,
  version: z.number().int(),
  updatedAt: z.string(),
});
export type StoreListingListItem = z.infer<typeof StoreListingListItemSchema>;

/** A catalogue that may be listed (GET /publisher/storemanager/course/all), with what its listing may show. */
export const ListableCatalogueSchema = z.object({
  catalogueId: z.string(),
  catalogueName: z.string(),
  catalogueCode: z.string(),
  description: z.string(),
  /** hours of active video across its subjects, one decimal (sameAsCatalogueHours shows this) */
  catalogueHours: z.number(),
  subscriptions: z.array(SubscriptionSchema),
  addOns: z.array(AddOnSchema),
  /** its transcoded preview videos with the thumbnails the transcode made (storage keys) */
  previewVideos: z.array(
    z.object({
      videoId: z.string(),
      title: z.string(),
      subjectName: z.string(),
      /** seconds */
      duration: z.number(),
      videoUrl: z.string().nullable(),
      poster: z.string().nullable(),
      thumbnails: z.array(z.string()),
    }),
  ),
});
export type ListableCatalogue = z.infer<typeof ListableCatalogueSchema>;

/** A coupon a listing may show (GET /publisher/storemanager/coupon/all): one not expired, featured first. */
export const StoreCouponSchema = z.object({
  couponId: z.string(),
  couponName: z.string(),
  description: z.string(),
  /** a percentage when `percentage`, else an amount in paise */
  discount: z.number(),
  percentage: z.boolean(),
});
export type StoreCoupon = z.infer<typeof StoreCouponSchema>;

// ---- inputs

export const TestimonialInputSchema = z.strictObject({
  firstName: Text('First name', 60),
  lastName: OptionalText('Last name', 60),
  authorImage: Link('Author image').nullable().default(null),
  description: Text('Testimonial', 2000),
  title: OptionalText('Testimonial title', 120),
});

export const FaqInputSchema = z.strictObject({
  question: Text('Question', 500),
  answer: RichText('Answer', 5_000).refine((html) => html.trim() !== '', 'Answer is required'),
});

export const QuestionPaperInputSchema = z.strictObject({
  questionPaperName: Text('Question paper name', 200),
  questionPaperUrl: Link('Question paper file').min(1, 'Question paper file is required'),
});

export const StorePreviewVideoInputSchema = z.strictObject({
  /** one of the catalogue's transcoded preview videos (ListableCatalogue.previewVideos) */
  videoId: Id,
  title: Text('Preview video title', 200),
  tag: OptionalText('Preview video tag', 40),
  /** one of that video's `thumbnails` or its `poster`; null shows the poster */
  thumbnail: Link('Preview video thumbnail').nullable().default(null),
});

export const SeoInfoInputSchema = z.strictObject({
  title: OptionalText('SEO title', SEO_LIMITS.title),
  description: OptionalText('SEO description', SEO_LIMITS.description),
  keywords: z
    .array(
      z.string().trim().min(1).max(SEO_LIMITS.keyword, `A keyword must be at most ${SEO_LIMITS.keyword} characters`),
    )
    .max(SEO_LIMITS.keywords, `At most ${SEO_LIMITS.keywords} keywords`)
    .default([]),
  /** absent: made from the listing's name */
  slug: StoreListingSlugSchema.optional(),
  ogImage: Link('Open Graph image').nullable().default(null),
});

export const StoreSubscriptionInputSchema = z.strictObject({
  /** a subscription of the listing's own catalogue */
  subscriptionId: Id,
  featured: z.boolean().default(false),
});

const StoreListingSections = {
  storeListingDescription: RichText('Description', STORE_DESCRIPTION_MAX),
  sameNameAsCatalogue: z.boolean().default(false),
  sameAsCatalogueHours: z.boolean().default(true),
  /** used when sameAsCatalogueHours is false */
  storeListingHours: z.number().min(0).max(10_000).nullable().default(null),
  categoryId: Id.nullable().default(null),
  /** a sub-category of categoryId */
  subCategoryId: Id.nullable().default(null),
  examSyllabus: RichText('Exam syllabus'),
  programs: z.array(z.string().trim().min(1).max(80, 'A program must be at most 80 characters')).max(20).default([]),
  storeIconUrl: Link('Store icon').nullable().default(null),
  examPattern: RichText('Exam pattern'),
  preparationTips: RichText('Preparation tips'),
  studentTargetYear: z.number().int().min(2000).max(2100).nullable().default(null),
  featuredOnHomePage: z.boolean().default(false),
  featuredOnLeadPage: z.boolean().default(false),
  publishState: z.boolean().default(false),
  subscriptions: z.array(StoreSubscriptionInputSchema).max(30).default([]),
  /** add-on ids of the listing's own catalogue */
  addons: z.array(Id).max(30).default([]),
  previewVideos: z.array(StorePreviewVideoInputSchema).max(20).default([]),
  testimonials: z.array(TestimonialInputSchema).max(50).default([]),
  /** in the order shown */
  faqs: z.array(FaqInputSchema).max(50).default([]),
  questionPapers: z.array(QuestionPaperInputSchema).max(50).default([]),
  /** store listing ids, in order; never the listing itself */
  recommendationCourses: z.array(Id).max(20).default([]),
  dynamicMetadataSEOInfo: SeoInfoInputSchema.default({ title: '', description: '', keywords: [], ogImage: null }),
};

/**
 * A new listing for a catalogue that is neither archived nor listed. With sameNameAsCatalogue the
 * name is the catalogue's (storeListingName may be left out).
 */
export const CreateStoreListingBodySchema = z
  .strictObject({
    catalogueId: Id,
    storeListingName: z.string().trim().max(200, 'Store listing name must be at most 200 characters').default(''),
    storeListingCode: StoreListingCodeSchema,
    ...StoreListingSections,
  })
  .superRefine(checkNameAndHours);

/** The whole listing at the version the editor saw (its catalogue cannot change). */
export const UpdateStoreListingBodySchema = z
  .strictObject({
    storeListingId: Id,
    version: Version,
    storeListingName: z.string().trim().max(200, 'Store listing name must be at most 200 characters').default(''),
    storeListingCode: StoreListingCodeSchema,
    ...StoreListingSections,
  })
  .superRefine(checkNameAndHours);

function checkNameAndHours(
  v: {
    sameNameAsCatalogue: boolean;
    storeListingName: string;
    sameAsCatalogueHours: boolean;
    storeListingHours: number | null;
    categoryId: string | null;
    subCategoryId: string | null;
  },
  ctx: z.RefinementCtx,
): void {
  if (!v.sameNameAsCatalogue && v.storeListingName === '') {
    ctx.addIssue({
      code: 'custom',
      path: ['storeListingName'],
      message: "Store listing name is required (or choose 'same name as catalogue')",
    });
  }
  if (!v.sameAsCatalogueHours && v.storeListingHours === null) {
    ctx.addIssue({
      code: 'custom',
      path: ['storeListingHours'],
      message: "Store listing hours are required (or choose 'same as catalogue hours')",
    });
  }
  if (v.subCategoryId !== null && v.categoryId === null) {
    ctx.addIssue({ code: 'custom', path: ['categoryId'], message: 'a sub-category needs its category' });
  }
}

export const StoreIdParamSchema = z.object({ storeId: Id });
export const StoreListingIdParamSchema = z.object({ id: Id });

const Flag = z.enum(['true', 'false']).optional();

export const StoreListingListQuerySchema = z.object({
  /** name, code or catalogue name contains this (case-insensitive) */
  search: z.string().trim().max(100).optional(),
  categoryId: Id.optional(),
  subCategoryId: Id.optional(),
  featuredOnHomePage: Flag,
  featuredOnLeadPage: Flag,
  publishState: Flag,
});

export const ListableCataloguesQuerySchema = z.object({
  /** when editing: also list this listing's own catalogue */
  storeListingId: Id.optional(),
});
