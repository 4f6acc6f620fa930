import { z } from 'zod';
import {
  AddOnAutomationTypeSchema,
  CatalogueImageTypeSchema,
  CatalogueInfoSchema,
  CatalogueInstructorSchema,
  CataloguePublisherSchema,
  CatalogueResourceSchema,
  CatalogueResourceTypeSchema,
  CatalogueThemeSchema,
  AddOnInputSchema,
  FINANCE_CATALOGUE_SECTIONS,
  PublishingInfoSchema,
  SubscriptionInputSchema,
  SubscriptionTypeSchema,
  formatMoney,
  parseRupees,
  type CatalogueDetail,
  type CreateCatalogueBody,
  type Money,
  type UpdateCatalogueBody,
} from '@lectern/contract';
import {
  fieldMessage,
  inItem,
  stepErrors as stepErrorTexts,
  type FormProblem,
} from '../../../components/form/step-errors';

// The catalogue editor's form: the contract's section schemas, except that prices are typed in rupees
// (read with parseRupees into paise) and optional links, months and dates are blank text until filled.

/** An amount typed in rupees ('4,999', 'Rs. 1,499.50') read as paise; blank is refused. */
const Rupees = z.string().transform((text, ctx): Money => {
  const trimmed = text.trim();
  if (trimmed === '') {
    ctx.addIssue({ code: 'custom', message: 'is required' });
    return z.NEVER;
  }
  const amount = parseRupees(trimmed);
  if (amount === null) {
    ctx.addIssue({ code: 'custom', message: 'must be an amount in rupees, like 4,999 or 4,999.50' });
    return z.NEVER;
  }
  if (amount < 0) {
    ctx.addIssue({ code: 'custom', message: 'cannot be negative' });
    return z.NEVER;
  }
  return amount;
});

/** Like Rupees, but blank is null (no list price). */
const OptionalRupees = z.string().transform((text, ctx): Money | null => {
  if (text.trim() === '') return null;
  const parsed = Rupees.safeParse(text);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
    return z.NEVER;
  }
  return parsed.data;
});

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

const Months = z.string().transform((text, ctx): number | null => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const months = Number(trimmed);
  if (!/^\d+$/.test(trimmed) || months < 1 || months > 120) {
    ctx.addIssue({ code: 'custom', message: 'must be a whole number of months from 1 to 120' });
    return z.NEVER;
  }
  return months;
});

const SubscriptionFormSchema = z
  .object({
    subscriptionId: z.string().optional(),
    subscriptionLabel: z.string(),
    subscriptionType: SubscriptionTypeSchema,
    featured: z.boolean(),
    price: Rupees,
    listPrice: OptionalRupees,
    numberOfMonths: Months,
    subscriptionEndDate: BlankIsNull,
  })
  // a FIXED subscription has no months and a DURATION one no end date, whatever was typed before switching
  .transform(({ subscriptionId, ...rest }) => ({
    ...(subscriptionId ? { subscriptionId } : {}),
    ...rest,
    numberOfMonths: rest.subscriptionType === 'DURATION' ? rest.numberOfMonths : null,
    subscriptionEndDate: rest.subscriptionType === 'FIXED' ? rest.subscriptionEndDate : null,
  }))
  .transform(thenCheck(SubscriptionInputSchema));

const AddOnFormSchema = z
  .object({
    addOnId: z.string().optional(),
    addOnName: z.string(),
    price: Rupees,
    description: z.string(),
    automationType: AddOnAutomationTypeSchema,
  })
  .transform(({ addOnId, ...rest }) => ({ ...(addOnId ? { addOnId } : {}), ...rest }))
  .transform(thenCheck(AddOnInputSchema));

const InstructorFormSchema = z
  .object({
    instructorName: z.string(),
    role: z.string(),
    description: z.string(),
    photo: BlankIsNull,
    resume: BlankIsNull,
  })
  .transform(thenCheck(CatalogueInstructorSchema));

export const CatalogueFormSchema = z.object({
  catalogueInfo: CatalogueInfoSchema,
  cataloguePublisher: z
    .object({ publisherName: z.string(), publisherLogoLink: BlankIsNull })
    .transform(thenCheck(CataloguePublisherSchema)),
  catalogueTheme: CatalogueThemeSchema,
  subjectIds: z.array(z.string()),
  resources: z.array(CatalogueResourceSchema),
  instructors: z.array(InstructorFormSchema),
  subscriptions: z.array(SubscriptionFormSchema),
  addOns: z.array(AddOnFormSchema),
  publishingInfo: PublishingInfoSchema,
  previewVideoIds: z.array(z.string()),
});

export type CatalogueFormInput = z.input<typeof CatalogueFormSchema>;
export type CatalogueFormValues = z.output<typeof CatalogueFormSchema>;
export type SubscriptionFormInput = CatalogueFormInput['subscriptions'][number];
export type AddOnFormInput = CatalogueFormInput['addOns'][number];

/** Paise as the price fields show them: '4,999', '1,499.50'. */
export function rupeesText(amount: Money | null): string {
  return amount === null ? '' : formatMoney(amount).replace(/^Rs\.\s*/, '');
}

export const NEW_SUBSCRIPTION: SubscriptionFormInput = {
  subscriptionLabel: '',
  subscriptionType: 'DURATION',
  featured: false,
  price: '',
  listPrice: '',
  numberOfMonths: '12',
  subscriptionEndDate: '',
};

export const NEW_ADD_ON: AddOnFormInput = {
  addOnName: '',
  price: '',
  description: '',
  automationType: 'NONE',
};

/** A new catalogue: the contract's defaults (colour #ffffff, spec 2 §9). */
export function emptyValues(): CatalogueFormInput {
  const theme = CatalogueThemeSchema.parse({});
  const publishing = PublishingInfoSchema.parse({});
  return {
    catalogueInfo: { catalogueName: '', catalogueCode: '', description: '' },
    cataloguePublisher: { publisherName: '', publisherLogoLink: '' },
    catalogueTheme: theme,
    subjectIds: [],
    resources: [],
    instructors: [],
    subscriptions: [],
    addOns: [],
    publishingInfo: publishing,
    previewVideoIds: [],
  };
}

const imageType = (type: string) => CatalogueImageTypeSchema.catch('BANNER').parse(type);
const resourceType = (type: string) => CatalogueResourceTypeSchema.catch('OTHER').parse(type);

/** The form's values for a saved catalogue. */
export function valuesOf(detail: CatalogueDetail): CatalogueFormInput {
  const { images, ...colours } = detail.catalogueTheme;
  return {
    catalogueInfo: { ...detail.catalogueInfo },
    cataloguePublisher: {
      publisherName: detail.cataloguePublisher.publisherName,
      publisherLogoLink: detail.cataloguePublisher.publisherLogoLink ?? '',
    },
    catalogueTheme: {
      ...colours,
      images: images.map((image) => ({ ...image, catalogueImageType: imageType(image.catalogueImageType) })),
    },
    subjectIds: detail.subjects.map((subject) => subject.subjectId),
    resources: detail.resources.map((resource) => ({ ...resource, type: resourceType(resource.type) })),
    instructors: detail.instructors.map((instructor) => ({
      ...instructor,
      photo: instructor.photo ?? '',
      resume: instructor.resume ?? '',
    })),
    subscriptions: detail.subscriptions.map((s) => ({
      subscriptionId: s.subscriptionId,
      subscriptionLabel: s.subscriptionLabel,
      subscriptionType: s.subscriptionType,
      featured: s.featured,
      price: rupeesText(s.price),
      listPrice: rupeesText(s.listPrice),
      numberOfMonths: s.numberOfMonths === null ? '' : String(s.numberOfMonths),
      subscriptionEndDate: s.subscriptionEndDate ?? '',
    })),
    addOns: detail.addOns.map((addOn) => ({
      addOnId: addOn.addOnId,
      addOnName: addOn.addOnName,
      price: rupeesText(addOn.price),
      description: addOn.description,
      automationType: addOn.automationType,
    })),
    publishingInfo: { ...detail.publishingInfo, tags: [...detail.publishingInfo.tags] },
    previewVideoIds: detail.previewVideos.map((video) => video.videoId),
  };
}

/** POST /create: every section. */
export function createBody(values: CatalogueFormValues): CreateCatalogueBody {
  return { ...values };
}

/** PUT /update at the version the editor saw: every section (publisher staff). */
export function updateBody(base: CatalogueDetail, values: CatalogueFormValues): UpdateCatalogueBody {
  return { catalogueId: base.catalogueId, version: base.version, ...values };
}

type FinanceSections = Pick<CatalogueFormValues, (typeof FINANCE_CATALOGUE_SECTIONS)[number]>;

/** PUT /update for FINANCE: the contract's FINANCE sections only, subscriptions and add-ons (the server refuses any other). */
export function financeBody(base: CatalogueDetail, values: CatalogueFormValues): UpdateCatalogueBody {
  const sections = Object.fromEntries(
    FINANCE_CATALOGUE_SECTIONS.map((section) => [section, values[section]]),
  ) as FinanceSections;
  return { catalogueId: base.catalogueId, version: base.version, ...sections };
}

/** The field labels the messages and the stepper use, by the last part of a field's path. */
export const FIELD_LABELS: Record<string, string> = {
  catalogueName: 'Catalogue name',
  catalogueCode: 'Catalogue code',
  description: 'Description',
  publisherName: 'Publisher name',
  publisherLogoLink: 'Publisher logo link',
  colour: 'Catalogue colour',
  cardBackgroundColor: 'Card background colour',
  catalogueCodeFontColor: 'Catalogue code font colour',
  completionTextColor: 'Completion text colour',
  progressBarBackgroundColor: 'Progress bar background colour',
  progressBarCompletionColor: 'Progress bar completion colour',
  activeStateColor: 'Active state colour',
  backgroundColor: 'Dashboard background colour',
  imageLink: 'Image link',
  catalogueImageType: 'Image type',
  name: 'Resource name',
  type: 'Resource type',
  resourceUrl: 'Resource link',
  instructorName: 'Instructor name',
  role: 'Role',
  photo: 'Photo link',
  resume: 'Resume link',
  subscriptionLabel: 'Subscription label',
  subscriptionType: 'Subscription type',
  price: 'Price',
  listPrice: 'List price',
  numberOfMonths: 'Number of months',
  subscriptionEndDate: 'End date',
  addOnName: 'Add-on name',
  automationType: 'Fulfilment',
  packageCode: 'Package code',
  packageGroupCode: 'Package group code',
};

export { fieldMessage };

/** The editor's steps, each with the form sections it holds (for its error text and its validation). */
export const STEPS = [
  { label: 'Details', fields: ['catalogueInfo', 'cataloguePublisher', 'publishingInfo'] },
  {
    label: 'Theme',
    fields: [
      'catalogueTheme.colour',
      'catalogueTheme.cardBackgroundColor',
      'catalogueTheme.catalogueCodeFontColor',
      'catalogueTheme.completionTextColor',
      'catalogueTheme.progressBarBackgroundColor',
      'catalogueTheme.progressBarCompletionColor',
      'catalogueTheme.activeStateColor',
      'catalogueTheme.backgroundColor',
    ],
  },
  { label: 'Images', fields: ['catalogueTheme.images'] },
  { label: 'Subjects', fields: ['subjectIds'] },
  { label: 'Resources', fields: ['resources'] },
  { label: 'Instructors', fields: ['instructors'] },
  { label: 'Subscriptions and add-ons', fields: ['subscriptions', 'addOns'] },
  { label: 'Preview videos', fields: ['previewVideoIds'] },
] as const;

const ITEM_NAMES: Record<string, string> = {
  images: 'Image',
  resources: 'Resource',
  instructors: 'Instructor',
  subscriptions: 'Subscription',
  addOns: 'Add-on',
};

/** 'Subscription 2: End date is required.' for 'subscriptions.1.subscriptionEndDate'. */
export function describeError({ path, message }: FormProblem): string {
  const leaf = path.split('.').at(-1) ?? '';
  return inItem(path, ITEM_NAMES, fieldMessage(FIELD_LABELS[leaf] ?? 'This field', message) ?? message);
}

/** The error text of each step: its first problem, and how many more there are. */
export function stepErrors(errors: unknown): (string | undefined)[] {
  return stepErrorTexts(STEPS, errors, describeError);
}

/** What a stored link is called on screen: its file name, or 'Embedded image' for a data: address. */
export function linkName(link: string): string {
  if (link.startsWith('data:')) return 'Embedded image';
  const last = link.split('?')[0]?.split('/').filter(Boolean).at(-1) ?? link;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
