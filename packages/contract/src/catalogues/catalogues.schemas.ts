import { z } from 'zod';
import { DaySchema, linkSchema } from '../fields';
import { MoneySchema, PriceSchema } from '../money';

// Catalogues (spec 2 §3 "Catalogue", DESIGN §9): a sellable course built from PUBLISHED subjects, with
// its theme, images, resources, instructors, subscriptions (each with its one-time-sale products) and
// add-ons. Durations are derived from the subjects' totals; `storeListed` from its store listing.

const Id = z.string().min(1).max(64);
const Version = z.number().int().min(0);
const Text = (what: string, max = 200) =>
  z.string().trim().min(1, `${what} is required`).max(max, `${what} must be at most ${max} characters`);
const OptionalText = (max: number) => z.string().trim().max(max).default('');
const Link = linkSchema();

/** The spec's default catalogue colour. */
export const DEFAULT_CATALOGUE_COLOUR = '#ffffff';

/** A colour as the colour pickers send it: '#rgb' or '#rrggbb'. */
export const HexColourSchema = z
  .string()
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'must be a colour like #5850EC');

/** Catalogue codes: letters, digits and hyphens, unique among catalogues (case-insensitive). */
export const CatalogueCodeSchema = z
  .string()
  .trim()
  .min(2, 'Catalogue code must be at least 2 characters')
  .max(40, 'Catalogue code must be at most 40 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/, 'Catalogue code may hold only letters, digits and hyphens');

export const CatalogueInfoSchema = z.strictObject({
  catalogueName: Text('Catalogue name'),
  catalogueCode: CatalogueCodeSchema,
  description: OptionalText(4000),
});

export const CataloguePublisherSchema = z.strictObject({
  publisherName: OptionalText(200),
  publisherLogoLink: Link.nullable().default(null),
});

export const CATALOGUE_IMAGE_TYPES = ['BANNER', 'THUMBNAIL', 'MOBILE_BANNER', 'COURSE_CARD'] as const;
export const CatalogueImageTypeSchema = z.enum(CATALOGUE_IMAGE_TYPES);

export const CatalogueImageSchema = z.strictObject({
  imageLink: Link.min(1, 'Image link is required'),
  imageSize: z.number().int().min(0).max(100_000_000),
  catalogueImageType: CatalogueImageTypeSchema,
});

/** The course-card and dashboard colours, each with the spec's default. */
export const CatalogueThemeSchema = z.strictObject({
  colour: HexColourSchema.default(DEFAULT_CATALOGUE_COLOUR),
  cardBackgroundColor: HexColourSchema.default(DEFAULT_CATALOGUE_COLOUR),
  catalogueCodeFontColor: HexColourSchema.default('#1f2937'),
  completionTextColor: HexColourSchema.default('#1f2937'),
  progressBarBackgroundColor: HexColourSchema.default('#e5e7eb'),
  progressBarCompletionColor: HexColourSchema.default('#5850EC'),
  activeStateColor: HexColourSchema.default('#5850EC'),
  backgroundColor: HexColourSchema.default(DEFAULT_CATALOGUE_COLOUR),
  images: z.array(CatalogueImageSchema).max(20).default([]),
});
export type CatalogueTheme = z.output<typeof CatalogueThemeSchema>;

export const CATALOGUE_RESOURCE_TYPES = ['CATALOGUE_SYLLABUS', 'STUDY_PLANNER', 'SAMPLE_PAPER', 'OTHER'] as const;
export const CatalogueResourceTypeSchema = z.enum(CATALOGUE_RESOURCE_TYPES);

export const CatalogueResourceSchema = z.strictObject({
  resourceId: Id.optional(),
  name: Text('Resource name'),
  type: CatalogueResourceTypeSchema,
  resourceUrl: Link.min(1, 'Resource link is required'),
  size: z.number().int().min(0).max(10_000_000_000),
});

export const CatalogueInstructorSchema = z.strictObject({
  instructorName: Text('Instructor name', 120),
  role: OptionalText(120),
  description: OptionalText(2000),
  photo: Link.nullable().default(null),
  resume: Link.nullable().default(null),
});

export const SUBSCRIPTION_TYPES = ['FIXED', 'DURATION'] as const;
/** FIXED: ends on `subscriptionEndDate` for everyone; DURATION: lasts `numberOfMonths` from purchase. */
export const SubscriptionTypeSchema = z.enum(SUBSCRIPTION_TYPES);
export type SubscriptionType = z.infer<typeof SubscriptionTypeSchema>;

export const OTS_STATUSES = ['CREATED', 'UPDATED', 'DELETED'] as const;
export const OtsStatusSchema = z.enum(OTS_STATUSES);
export type OtsStatus = z.infer<typeof OtsStatusSchema>;

export const OtsProductSchema = z.object({
  otsId: z.string(),
  productLabel: z.string(),
  packageCode: z.string(),
  groupCode: z.string(),
  status: OtsStatusSchema,
});
export type OtsProduct = z.infer<typeof OtsProductSchema>;

export const SubscriptionSchema = z.object({
  subscriptionId: z.string(),
  subscriptionLabel: z.string(),
  subscriptionType: SubscriptionTypeSchema,
  featured: z.boolean(),
  /** what a student pays, GST included, in paise */
  price: MoneySchema,
  /** the struck-through price before the offer, in paise; null when there is no offer */
  listPrice: MoneySchema.nullable(),
  numberOfMonths: z.number().int().nullable(),
  /** YYYY-MM-DD; FIXED subscriptions only */
  subscriptionEndDate: z.string().nullable(),
  otsList: z.array(OtsProductSchema),
  version: z.number().int(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const ADD_ON_AUTOMATION_TYPES = ['NONE', 'DELIVERY', 'EMAIL'] as const;
/** NONE: staff fulfil it; DELIVERY: ships printed material (a delivery package); EMAIL: mailed on purchase. */
export const AddOnAutomationTypeSchema = z.enum(ADD_ON_AUTOMATION_TYPES);

export const AddOnSchema = z.object({
  addOnId: z.string(),
  addOnName: z.string(),
  price: MoneySchema,
  description: z.string(),
  automationType: AddOnAutomationTypeSchema,
});
export type AddOn = z.infer<typeof AddOnSchema>;

export const PublishingInfoSchema = z.strictObject({
  publishState: z.boolean().default(false),
  featured: z.boolean().default(false),
  featuredOnLeadPage: z.boolean().default(false),
  packageCode: OptionalText(60),
  packageGroupCode: OptionalText(60),
  tags: z.array(z.string().trim().min(1).max(40)).max(20).default([]),
});
export type PublishingInfo = z.output<typeof PublishingInfoSchema>;

export const CatalogueSubjectSchema = z.object({
  subjectId: z.string(),
  subjectName: z.string(),
  subjectState: z.string(),
  imagePath: z.string().nullable(),
  /** seconds of active video */
  duration: z.number(),
  /** seconds of active free-trial video */
  trialVideoDuration: z.number(),
  videos: z.number().int(),
});
export type CatalogueSubject = z.infer<typeof CatalogueSubjectSchema>;

export const TrialInfoSchema = z.object({
  freeTrialSubTopics: z.number().int(),
  /** seconds */
  freeTrialVideoTime: z.number(),
});

const StoreLinkShape = {
  storeListed: z.boolean(),
  storeListingId: z.string().nullable(),
  storeListingName: z.string().nullable(),
  /** the listing's address in the store, by its slug */
  storeListingUrl: z.string().nullable(),
};

export const CatalogueListItemSchema = z.object({
  catalogueId: z.string(),
  catalogueName: z.string(),
  catalogueCode: z.string(),
  /** seconds of active video across its subjects (derived) */
  duration: z.number(),
  /** seconds of free-trial video across its subjects (derived) */
  trialVideoDuration: z.number(),
  ...StoreLinkShape,
  subjects: z.array(z.object({ subjectId: z.string(), subjectName: z.string() })),
  trialInfo: TrialInfoSchema,
  /** students holding a subscription of this catalogue */
  recipients: z.number().int(),
  featured: z.boolean(),
  featuredOnLeadPage: z.boolean(),
  publishState: z.boolean(),
  archived: z.boolean(),
  subscriptionCount: z.number().int(),
  /** the lowest subscription price, in paise; null without subscriptions */
  lowestPrice: MoneySchema.nullable(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type CatalogueListItem = z.infer<typeof CatalogueListItemSchema>;

export const PreviewVideoSchema = z.object({
  videoId: z.string(),
  title: z.string(),
  subjectName: z.string(),
  transcodingStatus: z.string(),
  /** seconds */
  duration: z.number(),
  /** the video's catalogue (its folder in the demo-video browser) */
  catalogueId: z.string().nullable(),
});

export const CatalogueDetailSchema = z.object({
  catalogueId: z.string(),
  version: z.number().int(),
  archived: z.boolean(),
  ...StoreLinkShape,
  catalogueInfo: z.object({ catalogueName: z.string(), catalogueCode: z.string(), description: z.string() }),
  cataloguePublisher: z.object({ publisherName: z.string(), publisherLogoLink: z.string().nullable() }),
  catalogueTheme: z.object({
    colour: z.string(),
    cardBackgroundColor: z.string(),
    catalogueCodeFontColor: z.string(),
    completionTextColor: z.string(),
    progressBarBackgroundColor: z.string(),
    progressBarCompletionColor: z.string(),
    activeStateColor: z.string(),
    backgroundColor: z.string(),
    images: z.array(
      z.object({ imageLink: z.string(), imageSize: z.number(), catalogueImageType: CatalogueImageTypeSchema }),
    ),
  }),
  resources: z.array(
    z.object({
      resourceId: z.string(),
      name: z.string(),
      type: CatalogueResourceTypeSchema,
      resourceUrl: z.string(),
      size: z.number(),
    }),
  ),
  subjects: z.array(CatalogueSubjectSchema),
  instructors: z.array(
    z.object({
      instructorName: z.string(),
      role: z.string(),
      description: z.string(),
      photo: z.string().nullable(),
      resume: z.string().nullable(),
    }),
  ),
  subscriptions: z.array(SubscriptionSchema),
  addOns: z.array(AddOnSchema),
  publishingInfo: z.object({
    publishState: z.boolean(),
    featured: z.boolean(),
    featuredOnLeadPage: z.boolean(),
    packageCode: z.string(),
    packageGroupCode: z.string(),
    tags: z.array(z.string()),
  }),
  /** preview videos chosen for the storefront */
  previewVideos: z.array(PreviewVideoSchema),
  duration: z.number(),
  trialVideoDuration: z.number(),
  trialInfo: TrialInfoSchema,
  recipients: z.number().int(),
  createdBy: z.object({ userId: z.string().nullable(), name: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CatalogueDetail = z.infer<typeof CatalogueDetailSchema>;

/** The storefront shape of a catalogue (spec 2 §3 "another reading"). */
export const CatalogueStorefrontSchema = z.object({
  catalogueId: z.string(),
  catalogueName: z.string(),
  catalogueCode: z.string(),
  description: z.string(),
  category: z
    .object({
      categoryId: z.string(),
      categoryName: z.string(),
      subCategory: z.object({ subCategoryId: z.string(), subCategoryName: z.string() }).nullable(),
    })
    .nullable(),
  imagePath: z.string().nullable(),
  colour: z.string(),
  /** students holding a subscription; internal students (staff test accounts) counted apart */
  student: z.number().int(),
  internalStudent: z.number().int(),
  features: z.array(z.string()),
  featured: z.boolean(),
  publishState: z.boolean(),
  packageCode: z.string(),
  packageGroupCode: z.string(),
  previewVideos: z.array(
    z.object({ videoUrl: z.string().nullable(), thumbnail: z.string().nullable(), subjectName: z.string() }),
  ),
  instructors: z.array(
    z.object({
      instructorName: z.string(),
      role: z.string(),
      description: z.string(),
      photo: z.string().nullable(),
      resume: z.string().nullable(),
    }),
  ),
  prices: z.array(
    z.object({
      subscriptionId: z.string(),
      subscriptionLabel: z.string(),
      /** before the offer, in paise */
      actualPrice: MoneySchema,
      /** what a student pays, GST included, in paise */
      finalPrice: MoneySchema,
      /** actualPrice - finalPrice, in paise */
      discount: MoneySchema,
      discountName: z.string().nullable(),
      /** the GST inside finalPrice, in paise */
      gst: MoneySchema,
      /** FIXED subscriptions: their end date */
      expire: z.string().nullable(),
      fixed: z.boolean(),
      numberOfMonths: z.number().int().nullable(),
    }),
  ),
  coupons: z.array(z.object({ couponName: z.string(), discount: z.number(), amount: z.boolean() })),
  tags: z.array(z.string()),
  version: z.number().int(),
  totalVideos: z.number().int(),
  /** total hours of active video, one decimal */
  totalHours: z.number(),
});
export type CatalogueStorefront = z.infer<typeof CatalogueStorefrontSchema>;

export const PublishableSubjectSchema = z.object({
  subjectId: z.string(),
  subjectName: z.string(),
  imagePath: z.string().nullable(),
  duration: z.number(),
  trialVideoDuration: z.number(),
  videos: z.number().int(),
});

// ---- inputs

/** A subscription as the catalogue form sends it; subscriptionId names one that exists already. */
export const SubscriptionInputSchema = z
  .strictObject({
    subscriptionId: Id.optional(),
    subscriptionLabel: Text('Subscription label', 120),
    subscriptionType: SubscriptionTypeSchema,
    featured: z.boolean().default(false),
    price: PriceSchema,
    listPrice: PriceSchema.nullable().default(null),
    numberOfMonths: z.number().int('Number of months must be a whole number').min(1).max(120).nullable().default(null),
    subscriptionEndDate: DaySchema.nullable().default(null),
  })
  .superRefine((s, ctx) => {
    if (s.subscriptionType === 'FIXED' && !s.subscriptionEndDate) {
      ctx.addIssue({
        code: 'custom',
        path: ['subscriptionEndDate'],
        message: 'a FIXED subscription needs an end date',
      });
    }
    if (s.subscriptionType === 'DURATION' && !s.numberOfMonths) {
      ctx.addIssue({
        code: 'custom',
        path: ['numberOfMonths'],
        message: 'a DURATION subscription needs a number of months',
      });
    }
    if (s.listPrice !== null && s.listPrice < s.price) {
      ctx.addIssue({ code: 'custom', path: ['listPrice'], message: 'the list price cannot be below the price' });
    }
  });
export type SubscriptionInput = z.input<typeof SubscriptionInputSchema>;

export const AddOnInputSchema = z.strictObject({
  addOnId: Id.optional(),
  addOnName: Text('Add-on name', 120),
  price: PriceSchema,
  description: OptionalText(1000),
  automationType: AddOnAutomationTypeSchema.default('NONE'),
});
export type AddOnInput = z.input<typeof AddOnInputSchema>;

const CatalogueSections = {
  cataloguePublisher: CataloguePublisherSchema,
  catalogueTheme: CatalogueThemeSchema,
  resources: z.array(CatalogueResourceSchema).max(50),
  subjectIds: z.array(Id).max(100),
  instructors: z.array(CatalogueInstructorSchema).max(30),
  subscriptions: z.array(SubscriptionInputSchema).max(30),
  addOns: z.array(AddOnInputSchema).max(30),
  publishingInfo: PublishingInfoSchema,
  /** preview videos (catalogue videos) to show on the storefront, in order */
  previewVideoIds: z.array(Id).max(30),
};

export const CreateCatalogueBodySchema = z.strictObject({
  catalogueInfo: CatalogueInfoSchema,
  cataloguePublisher: CatalogueSections.cataloguePublisher.default({ publisherName: '', publisherLogoLink: null }),
  catalogueTheme: CatalogueSections.catalogueTheme.default(CatalogueThemeSchema.parse({})),
  resources: CatalogueSections.resources.default([]),
  subjectIds: CatalogueSections.subjectIds.default([]),
  instructors: CatalogueSections.instructors.default([]),
  subscriptions: CatalogueSections.subscriptions.default([]),
  addOns: CatalogueSections.addOns.default([]),
  publishingInfo: CatalogueSections.publishingInfo.default(PublishingInfoSchema.parse({})),
  previewVideoIds: CatalogueSections.previewVideoIds.default([]),
});
export type CreateCatalogueBody = z.input<typeof CreateCatalogueBodySchema>;

/** Every section is optional: one that is absent stays as it is (archive is `{catalogueId, version, archived}`). */
export const UpdateCatalogueBodySchema = z.strictObject({
  catalogueId: Id,
  version: Version,
  archived: z.boolean().optional(),
  catalogueInfo: CatalogueInfoSchema.optional(),
  cataloguePublisher: CatalogueSections.cataloguePublisher.optional(),
  catalogueTheme: CatalogueSections.catalogueTheme.optional(),
  resources: CatalogueSections.resources.optional(),
  subjectIds: CatalogueSections.subjectIds.optional(),
  instructors: CatalogueSections.instructors.optional(),
  subscriptions: CatalogueSections.subscriptions.optional(),
  addOns: CatalogueSections.addOns.optional(),
  publishingInfo: CatalogueSections.publishingInfo.optional(),
  previewVideoIds: CatalogueSections.previewVideoIds.optional(),
});
export type UpdateCatalogueBody = z.input<typeof UpdateCatalogueBodySchema>;

/** What FINANCE may change on a catalogue: prices (subscriptions, add-on prices) and OTS rows, nothing else. */
export const FINANCE_CATALOGUE_SECTIONS = ['subscriptions', 'addOns'] as const;

export const CatalogueKeyParamSchema = z.object({ catalogueId: Id });
export const CatalogueIdLowerParamSchema = z.object({ catalogueid: Id });

export const CatalogueListQuerySchema = z.object({
  archived: z.enum(['true', 'false', 'all']).default('all'),
});

// ---- OTS manager

export const OtsCatalogueSchema = z.object({
  catalogueId: z.string(),
  catalogueName: z.string(),
  catalogueCode: z.string(),
  archived: z.boolean(),
  subscriptionCount: z.number().int(),
  otsCount: z.number().int(),
});

export const OtsRowInputSchema = z.strictObject({
  /** absent for a new (CREATED) row; an existing row of this subscription otherwise */
  otsId: Id.optional(),
  productLabel: Text('Product label', 120),
  packageCode: Text('Package code', 60),
  groupCode: Text('Group code', 60),
  status: OtsStatusSchema.default('CREATED'),
});
export type OtsRowInput = z.input<typeof OtsRowInputSchema>;

export const OtsUpdateBodySchema = z.strictObject({
  subscriptionId: Id,
  /** the subscription's version the editor saw */
  version: Version,
  otsList: z.array(OtsRowInputSchema).max(200),
});
export type OtsUpdateBody = z.input<typeof OtsUpdateBodySchema>;
