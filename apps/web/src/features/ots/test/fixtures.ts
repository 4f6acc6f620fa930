import { paise, type OtsProduct, type Subscription } from '@lectern/contract';
import type { OtsCatalogue } from '../api/get-ots-catalogues';

export const CATALOGUES: OtsCatalogue[] = [
  {
    catalogueId: 'cat-1',
    catalogueName: 'JEE Main Crash Course',
    catalogueCode: 'JEE-CRASH',
    archived: false,
    subscriptionCount: 2,
    otsCount: 2,
  },
  {
    catalogueId: 'cat-2',
    catalogueName: 'NEET Biology',
    catalogueCode: 'NEET-BIO',
    archived: true,
    subscriptionCount: 1,
    otsCount: 0,
  },
];

export function ots(otsId: string, productLabel: string, packageCode: string, groupCode: string): OtsProduct {
  return { otsId, productLabel, packageCode, groupCode, status: 'CREATED' };
}

export function subscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    subscriptionId: 'sub-1',
    subscriptionLabel: 'Full course',
    subscriptionType: 'FIXED',
    featured: false,
    price: paise(149_900),
    listPrice: null,
    numberOfMonths: null,
    subscriptionEndDate: '2027-03-31',
    otsList: [ots('ots-1', 'Printed notes', 'PKG-NOTES', 'GRP-A'), ots('ots-2', 'Test series', 'PKG-TESTS', 'GRP-A')],
    version: 4,
    ...overrides,
  };
}

export const SUBSCRIPTIONS: Subscription[] = [
  subscription(),
  subscription({
    subscriptionId: 'sub-2',
    subscriptionLabel: 'Six months',
    subscriptionType: 'DURATION',
    price: paise(99_950),
    numberOfMonths: 6,
    subscriptionEndDate: null,
    otsList: [],
    version: 1,
  }),
];
