import { bigint, boolean, date, doublePrecision, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, id, stampedAt, timestamps, version } from './columns';
import { users } from './staff';
import { subjects } from './subjects';

/** Catalogues: sellable courses built from published subjects (and the demo-video browser's folders). */
export const catalogues = pgTable('catalogues', {
  id: id(),
  name: text('name').notNull(),
  code: text('code').notNull(),
  description: text('description').notNull().default(''),
  publisherName: text('publisher_name').notNull().default(''),
  publisherLogoLink: text('publisher_logo_link'),
  /** the colours and images (CatalogueTheme) */
  theme: jsonb('theme').notNull().default({}),
  resources: jsonb('resources').notNull().default([]),
  instructors: jsonb('instructors').notNull().default([]),
  tags: jsonb('tags').notNull().default([]),
  previewVideoIds: jsonb('preview_video_ids').notNull().default([]),
  publishState: boolean('publish_state').notNull().default(false),
  featured: boolean('featured').notNull().default(false),
  featuredOnLeadPage: boolean('featured_on_lead_page').notNull().default(false),
  packageCode: text('package_code').notNull().default(''),
  packageGroupCode: text('package_group_code').notNull().default(''),
  archived: boolean('archived').notNull().default(false),
  version: version(),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdByName: text('created_by_name').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: stampedAt('updated_at'),
});

export const catalogueSubjects = pgTable(
  'catalogue_subjects',
  {
    catalogueId: belongsTo('catalogue_id', () => catalogues.id),
    subjectId: belongsTo('subject_id', () => subjects.id),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.catalogueId, t.subjectId] })],
);

export const subscriptions = pgTable('subscriptions', {
  id: id(),
  catalogueId: belongsTo('catalogue_id', () => catalogues.id),
  position: integer('position').notNull(),
  label: text('label').notNull(),
  subscriptionType: text('subscription_type').notNull(),
  featured: boolean('featured').notNull().default(false),
  /** paise, GST included */
  price: bigint('price', { mode: 'number' }).notNull(),
  listPrice: bigint('list_price', { mode: 'number' }),
  numberOfMonths: integer('number_of_months'),
  endDate: date('end_date', { mode: 'string' }),
  version: version(),
  ...timestamps(),
});

export const otsProducts = pgTable('ots_products', {
  id: id(),
  subscriptionId: belongsTo('subscription_id', () => subscriptions.id),
  position: integer('position').notNull(),
  productLabel: text('product_label').notNull(),
  packageCode: text('package_code').notNull(),
  groupCode: text('group_code').notNull(),
  status: text('status').notNull().default('CREATED'),
  ...timestamps(),
});

export const addOns = pgTable('add_ons', {
  id: id(),
  catalogueId: belongsTo('catalogue_id', () => catalogues.id),
  position: integer('position').notNull(),
  name: text('name').notNull(),
  price: bigint('price', { mode: 'number' }).notNull(),
  description: text('description').notNull().default(''),
  automationType: text('automation_type').notNull().default('NONE'),
  createdAt: createdAt(),
});

export const categories = pgTable('categories', {
  id: id(),
  name: text('name').notNull(),
  publishState: boolean('publish_state').notNull().default(false),
  position: integer('position').notNull(),
  version: version(),
  ...timestamps(),
});

export const subCategories = pgTable('sub_categories', {
  id: id(),
  categoryId: belongsTo('category_id', () => categories.id),
  name: text('name').notNull(),
  position: integer('position').notNull(),
  createdAt: createdAt(),
});

/** A catalogue's page in the store (spec 2 §3 "Store listing"): at most one per catalogue. */
export const storeListings = pgTable('store_listings', {
  id: id(),
  catalogueId: text('catalogue_id')
    .notNull()
    .unique()
    .references(() => catalogues.id, { onDelete: 'restrict' }),
  name: text('name').notNull(),
  code: text('code').notNull(),
  slug: text('slug').notNull(),
  categoryId: text('category_id').references(() => categories.id, { onDelete: 'set null' }),
  subCategoryId: text('sub_category_id').references(() => subCategories.id, { onDelete: 'set null' }),
  /** sanitised HTML, like the syllabus, exam pattern and preparation tips */
  description: text('description').notNull().default(''),
  sameNameAsCatalogue: boolean('same_name_as_catalogue').notNull().default(false),
  sameAsCatalogueHours: boolean('same_as_catalogue_hours').notNull().default(true),
  hours: doublePrecision('hours'),
  examSyllabus: text('exam_syllabus').notNull().default(''),
  examPattern: text('exam_pattern').notNull().default(''),
  preparationTips: text('preparation_tips').notNull().default(''),
  programs: jsonb('programs').notNull().default([]),
  storeIconUrl: text('store_icon_url'),
  studentTargetYear: integer('student_target_year'),
  featuredOnHomePage: boolean('featured_on_home_page').notNull().default(false),
  featuredOnLeadPage: boolean('featured_on_lead_page').notNull().default(false),
  publishState: boolean('publish_state').notNull().default(false),
  /** ids of the catalogue's add-ons shown, in order (ids, not keys: the catalogue editor rewrites its add-on rows) */
  addOnIds: jsonb('add_on_ids').notNull().default([]),
  previewVideos: jsonb('preview_videos').notNull().default([]),
  testimonials: jsonb('testimonials').notNull().default([]),
  faqs: jsonb('faqs').notNull().default([]),
  questionPapers: jsonb('question_papers').notNull().default([]),
  /** dynamicMetadataSEOInfo without its slug (the slug column) */
  seo: jsonb('seo').notNull().default({}),
  version: version(),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdByName: text('created_by_name').notNull().default(''),
  ...timestamps(),
});

/** The catalogue subscriptions a listing shows, in order. */
export const storeListingSubscriptions = pgTable(
  'store_listing_subscriptions',
  {
    storeListingId: belongsTo('store_listing_id', () => storeListings.id),
    subscriptionId: belongsTo('subscription_id', () => subscriptions.id),
    position: integer('position').notNull(),
    featured: boolean('featured').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.storeListingId, t.subscriptionId] })],
);

/** Other listings a listing recommends, in order. */
export const storeListingRecommendations = pgTable(
  'store_listing_recommendations',
  {
    storeListingId: belongsTo('store_listing_id', () => storeListings.id),
    recommendedId: belongsTo('recommended_id', () => storeListings.id),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeListingId, t.recommendedId] })],
);
