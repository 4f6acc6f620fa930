import {
  paise,
  type CatalogueListItem,
  type Student,
  type Coupon,
  type CouponHistoryEntry,
  type CouponTestResult,
} from '@lectern/contract';

/** A coupon as the list answers it: active, 20% off one listing, for any student. */
export function coupon(couponId: string, couponName: string, extra: Partial<Coupon> = {}): Coupon {
  return {
    couponId,
    couponName,
    description: '',
    percentage: true,
    amount: 20,
    expired: false,
    featured: false,
    applicableForEntireCourse: false,
    unlimited: false,
    applicableFrom: '2026-11-01',
    applicableUpto: '2026-12-31',
    applicableForAnyStudent: true,
    studentMobile: null,
    createdBy: 'Farhan Qureshi',
    usageLimit: false,
    limit: null,
    storeListingInfoList: [{ storeListingId: 'sl-jee', storeListingName: 'JEE Main 2027' }],
    studentCouponMobileList: [],
    students: [],
    subjectInfoList: [],
    status: 'ACTIVE',
    tags: ['ACTIVE'],
    used: 0,
    remaining: null,
    expiredAt: null,
    expiredBy: null,
    createdAt: '2026-10-20T10:00:00.000Z',
    updatedAt: '2026-10-20T10:00:00.000Z',
    version: 1,
    ...extra,
  };
}

/** A catalogue of the catalogue list, with its store listing (or none). */
export function catalogue(
  catalogueId: string,
  catalogueName: string,
  listing: [string, string] | null,
): CatalogueListItem {
  return {
    catalogueId,
    catalogueName,
    catalogueCode: catalogueId.toUpperCase(),
    duration: 3600,
    trialVideoDuration: 600,
    storeListed: listing !== null,
    storeListingId: listing?.[0] ?? null,
    storeListingName: listing?.[1] ?? null,
    storeListingUrl: null,
    subjects: [],
    trialInfo: { freeTrialSubTopics: 0, freeTrialVideoTime: 0 },
    recipients: 0,
    featured: false,
    featuredOnLeadPage: false,
    publishState: true,
    archived: false,
    subscriptionCount: 1,
    lowestPrice: paise(499900),
    version: 1,
    updatedAt: '2026-10-01T10:00:00.000Z',
  };
}

export const DIWALI = coupon('cp-1', 'DIWALI500', {
  description: 'Rs. 500 off for Diwali',
  percentage: false,
  amount: 50000,
  featured: true,
  tags: ['ACTIVE', 'FEATURED'],
  applicableForEntireCourse: true,
  storeListingInfoList: [],
  usageLimit: true,
  limit: 100,
  used: 12,
  remaining: 88,
});
export const HOLI = coupon('cp-2', 'HOLI20', {
  description: '20% off for Holi',
  status: 'SCHEDULED',
  tags: ['SCHEDULED'],
  applicableFrom: '2027-03-01',
  applicableUpto: '2027-03-31',
});
export const OLD = coupon('cp-3', 'NEWYEAR2026', {
  status: 'EXPIRED',
  tags: ['EXPIRED'],
  expired: true,
  featured: true,
  expiredBy: 'Farhan Qureshi',
  expiredAt: '2026-01-15T10:00:00.000Z',
  applicableForAnyStudent: false,
  studentCouponMobileList: ['9876543210'],
  studentMobile: '9876543210',
  students: [{ studentId: 'st-1', name: 'Ananya Sharma', mobileNumber: '9876543210' }],
});
export const COUPONS = [DIWALI, HOLI, OLD];

export const CATALOGUES = [
  catalogue('c-jee', 'JEE Main', ['sl-jee', 'JEE Main 2027']),
  catalogue('c-neet', 'NEET UG', ['sl-neet', 'NEET UG 2027']),
  catalogue('c-draft', 'Foundation', null),
];

export const SUBJECTS = [
  { subjectId: 'sub-phy', subjectName: 'Physics', imagePath: null, duration: 100, trialVideoDuration: 10, videos: 3 },
  { subjectId: 'sub-bio', subjectName: 'Biology', imagePath: null, duration: 100, trialVideoDuration: 10, videos: 3 },
];

export const REFUSED: CouponTestResult = {
  couponId: 'cp-2',
  couponName: 'HOLI20',
  storeListingId: 'sl-neet',
  storeListingName: 'NEET UG 2027',
  student: { studentId: 'st-2', name: 'Rohan Iyer', mobileNumber: '9810003797' },
  applies: false,
  reasons: [
    { reason: 'NOT_YET_VALID', message: "'HOLI20' is valid from 01-03-2027." },
    { reason: 'NOT_FOR_LISTING', message: "'HOLI20' is not for 'NEET UG 2027'." },
  ],
  prices: [
    {
      subscriptionId: 'p-1',
      subscriptionLabel: '12 months',
      priceBefore: paise(1249900),
      discount: paise(0),
      priceAfter: paise(1249900),
      taxableAfter: paise(1059237),
      gstAfter: paise(190663),
    },
  ],
};

export const APPLIES: CouponTestResult = {
  ...REFUSED,
  storeListingId: 'sl-jee',
  storeListingName: 'JEE Main 2027',
  applies: true,
  reasons: [],
  prices: [
    {
      subscriptionId: 'p-1',
      subscriptionLabel: '12 months',
      priceBefore: paise(1249900),
      discount: paise(249980),
      priceAfter: paise(999920),
      taxableAfter: paise(847390),
      gstAfter: paise(152530),
    },
  ],
};

export const HISTORY: CouponHistoryEntry[] = [
  {
    historyId: 'h-2',
    version: 2,
    action: 'UPDATED',
    changedBy: 'Farhan Qureshi',
    changedById: 'u-5',
    changedAt: '2026-11-02T09:30:00.000Z',
    changes: [
      { field: 'amount', before: 40000, after: 50000 },
      { field: 'applicableUpto', before: '2026-11-15', after: '2026-12-31' },
    ],
    usedAtChange: 7,
  },
  {
    historyId: 'h-1',
    version: 0,
    action: 'CREATED',
    changedBy: 'Asha Verma',
    changedById: 'u-1',
    changedAt: '2026-10-20T10:00:00.000Z',
    changes: [{ field: 'couponName', before: null, after: 'DIWALI500' }],
    usedAtChange: 0,
  },
];

function student(studentId: string, name: string, mobileNumber: string): Student {
  return {
    studentId,
    name,
    mobileNumber,
    email: null,
    emailVerified: false,
    emailVerification: null,
    stateCode: '29',
    gstin: null,
    addresses: [],
    createdAt: '2026-01-05T10:00:00.000Z',
  };
}

export const STUDENTS = [
  student('st-1', 'Ananya Sharma', '9876543210'),
  student('st-2', 'Arjun Banerjee', '9810003797'),
];
