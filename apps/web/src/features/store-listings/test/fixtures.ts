import {
  paise,
  type Category,
  type ListableCatalogue,
  type RecommendedListing,
  type StoreListing,
  type StoreListingListItem,
  type Subscription,
} from '@lectern/contract';

// Fixtures for the store-listing screens' tests: shapes exactly as the contract's schemas give them.

export function listingItem(
  id: string,
  name: string,
  code: string,
  extra: Partial<StoreListingListItem> = {},
): StoreListingListItem {
  return {
    storeListingId: id,
    storeListingName: name,
    storeListingCode: code,
    catalogueId: `cat-${id}`,
    catalogueName: `Catalogue of ${name}`,
    catalogueCode: `C-${code}`,
    catalogueArchived: false,
    category: null,
    storeIconUrl: null,
    storeListingUrl: `/store/${code.toLowerCase()}`,
    studentTargetYear: null,
    featuredOnHomePage: false,
    featuredOnLeadPage: false,
    publishState: false,
    counts: {
      subscriptions: 0,
      previewVideos: 0,
      testimonials: 0,
      faqs: 0,
      questionPapers: 0,
      recommendationCourses: 0,
    },
    hasSyllabus: false,
    hasSeo: false,
    createdBy: { userId: 'u-1', name: 'Asha Rani Verma' },
    version: 1,
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...extra,
  };
}

export function subscription(id: string, label: string, rupees: number): Subscription {
  return {
    subscriptionId: id,
    subscriptionLabel: label,
    subscriptionType: 'DURATION',
    featured: false,
    price: paise(rupees * 100),
    listPrice: null,
    numberOfMonths: 12,
    subscriptionEndDate: null,
    otsList: [],
    version: 1,
  };
}

export const CATEGORIES: Category[] = [
  {
    categoryId: 'cat-med',
    categoryName: 'Medical',
    publishState: true,
    position: 0,
    catalogues: [],
    subCategories: [{ subCategoryId: 'sub-neet', subCategoryName: 'NEET', catalogues: [] }],
    version: 1,
    updatedAt: '2026-11-20T10:00:00.000Z',
  },
  {
    categoryId: 'cat-eng',
    categoryName: 'Engineering',
    publishState: true,
    position: 1,
    catalogues: [],
    subCategories: [],
    version: 1,
    updatedAt: '2026-11-20T10:00:00.000Z',
  },
];

export const NEET_CATALOGUE: ListableCatalogue = {
  catalogueId: 'c-neet',
  catalogueName: 'NEET Complete 2027',
  catalogueCode: 'NEET-2027',
  description: 'Everything for NEET.',
  catalogueHours: 120.5,
  subscriptions: [subscription('sub-1', 'One year', 4999), subscription('sub-2', 'Two years', 7999)],
  addOns: [
    { addOnId: 'add-1', addOnName: 'Printed notes', price: paise(99_900), description: '', automationType: 'NONE' },
  ],
  previewVideos: [
    {
      videoId: 'v-1',
      title: 'Cell biology intro.mp4',
      subjectName: 'NEET Complete 2027',
      duration: 95,
      videoUrl: 'preview-videos/c-neet/v-1/master.m3u8',
      poster: 'preview-videos/c-neet/v-1/poster.jpg',
      thumbnails: ['preview-videos/c-neet/v-1/thumb-1.jpg', 'preview-videos/c-neet/v-1/thumb-2.jpg'],
    },
    {
      videoId: 'v-2',
      title: 'Optics in ten minutes.mp4',
      subjectName: 'NEET Complete 2027',
      duration: 610,
      videoUrl: 'preview-videos/c-neet/v-2/master.m3u8',
      poster: null,
      thumbnails: ['preview-videos/c-neet/v-2/thumb-1.jpg'],
    },
  ],
};

export function recommended(id: string, name: string): RecommendedListing {
  return {
    storeListingId: id,
    storeListingName: name,
    storeListingCode: id.toUpperCase(),
    catalogueId: `cat-${id}`,
    catalogueName: name,
    category: null,
    storeIconUrl: null,
    storeListingUrl: `/store/${id}`,
  };
}

export function storeListing(extra: Partial<StoreListing> = {}): StoreListing {
  return {
    storeListingId: 'sl-1',
    version: 3,
    storeListingName: 'NEET Complete 2027',
    storeListingCode: 'NEET-27',
    storeListingDescription: '<p>The whole NEET syllabus, taught live.</p>',
    sameNameAsCatalogue: true,
    sameAsCatalogueHours: true,
    storeListingHours: 120.5,
    catalogueId: 'c-neet',
    catalogueName: 'NEET Complete 2027',
    catalogueCode: 'NEET-2027',
    catalogueArchived: false,
    category: {
      categoryId: 'cat-med',
      categoryName: 'Medical',
      subCategory: { subCategoryId: 'sub-neet', subCategoryName: 'NEET' },
    },
    examSyllabus: '<p>Physics, Chemistry, Biology</p>',
    programs: ['Two-year program'],
    storeIconUrl: 'https://cdn.test/store/icons/neet.jpg',
    examPattern: '<p>180 questions</p>',
    preparationTips: '',
    studentTargetYear: 2027,
    featuredOnHomePage: true,
    featuredOnLeadPage: false,
    publishState: true,
    subscriptions: [
      {
        storeListingId: 'sl-1',
        subscription: subscription('sub-1', 'One year', 4999),
        usageStatus: 'ACTIVE',
        featured: true,
      },
    ],
    addons: [],
    previewVideos: [
      {
        videoId: 'v-1',
        subjectName: 'NEET Complete 2027',
        tag: 'Biology',
        title: 'Cell biology in 90 seconds',
        videoUrl: 'preview-videos/c-neet/v-1/master.m3u8',
        thumbnail: 'preview-videos/c-neet/v-1/thumb-2.jpg',
      },
    ],
    testimonials: [
      {
        firstName: 'Riya',
        lastName: 'Sen',
        authorImage: null,
        description: 'The mock tests were exactly like the exam.',
        title: 'AIR 312, NEET 2025',
      },
    ],
    faqs: [
      { question: 'Is there a free trial?', answer: '<p>Yes, seven days.</p>' },
      { question: 'Are classes recorded?', answer: '<p>Every class is recorded.</p>' },
    ],
    questionPapers: [],
    recommendationCourses: [],
    dynamicMetadataSEOInfo: {
      title: 'NEET Complete 2027 course',
      description: 'Live classes, tests and notes for NEET 2027.',
      keywords: ['neet', 'neet 2027'],
      slug: 'neet-complete-2027',
      ogImage: null,
    },
    storeListingUrl: '/store/neet-complete-2027',
    createdBy: { userId: 'u-1', name: 'Asha Rani Verma' },
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    ...extra,
  };
}
