import { paise, type CatalogueDetail, type CatalogueListItem, type Subscription } from '@lectern/contract';
import type { PublishableSubject } from '../api/get-publishable-subjects';

// Fixtures for the catalogue screens' tests: shapes exactly as the contract's schemas give them.

export function listItem(
  id: string,
  name: string,
  code: string,
  extra: Partial<CatalogueListItem> = {},
): CatalogueListItem {
  return {
    catalogueId: id,
    catalogueName: name,
    catalogueCode: code,
    duration: 0,
    trialVideoDuration: 0,
    storeListed: false,
    storeListingId: null,
    storeListingName: null,
    storeListingUrl: null,
    subjects: [],
    trialInfo: { freeTrialSubTopics: 0, freeTrialVideoTime: 0 },
    recipients: 0,
    featured: false,
    featuredOnLeadPage: false,
    publishState: false,
    archived: false,
    subscriptionCount: 0,
    lowestPrice: null,
    version: 1,
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...extra,
  };
}

export function subscription(
  id: string,
  label: string,
  rupees: number,
  extra: Partial<Subscription> = {},
): Subscription {
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
    ...extra,
  };
}

export const SUBJECTS: PublishableSubject[] = [
  { subjectId: 's-1', subjectName: 'Physics', imagePath: null, duration: 7200, trialVideoDuration: 600, videos: 12 },
  { subjectId: 's-2', subjectName: 'Chemistry', imagePath: null, duration: 5400, trialVideoDuration: 0, videos: 8 },
];

export function detail(id: string, name: string, code: string, extra: Partial<CatalogueDetail> = {}): CatalogueDetail {
  return {
    catalogueId: id,
    version: 4,
    archived: false,
    storeListed: false,
    storeListingId: null,
    storeListingName: null,
    storeListingUrl: null,
    catalogueInfo: { catalogueName: name, catalogueCode: code, description: 'Two years of physics and chemistry.' },
    cataloguePublisher: { publisherName: 'Lectern Press', publisherLogoLink: null },
    catalogueTheme: {
      colour: '#ffffff',
      cardBackgroundColor: '#ffffff',
      catalogueCodeFontColor: '#1f2937',
      completionTextColor: '#1f2937',
      progressBarBackgroundColor: '#e5e7eb',
      progressBarCompletionColor: '#5850EC',
      activeStateColor: '#5850EC',
      backgroundColor: '#ffffff',
      images: [],
    },
    resources: [],
    subjects: [
      {
        subjectId: 's-1',
        subjectName: 'Physics',
        subjectState: 'PUBLISHED',
        imagePath: null,
        duration: 7200,
        trialVideoDuration: 600,
        videos: 12,
      },
    ],
    instructors: [],
    subscriptions: [subscription('sub-1', 'One year', 4999)],
    addOns: [
      {
        addOnId: 'ao-1',
        addOnName: 'Printed notes',
        price: paise(150_000),
        description: 'Delivered to your door',
        automationType: 'DELIVERY',
      },
    ],
    publishingInfo: {
      publishState: false,
      featured: false,
      featuredOnLeadPage: false,
      packageCode: '',
      packageGroupCode: '',
      tags: [],
    },
    previewVideos: [],
    duration: 7200,
    trialVideoDuration: 600,
    trialInfo: { freeTrialSubTopics: 1, freeTrialVideoTime: 600 },
    recipients: 0,
    createdBy: { userId: 'u-2', name: 'Priya Raghavan' },
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...extra,
  };
}
