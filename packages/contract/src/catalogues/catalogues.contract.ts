import { z } from 'zod';
import { route } from '../route';
import {
  CatalogueDetailSchema,
  CatalogueIdLowerParamSchema,
  CatalogueKeyParamSchema,
  CatalogueListItemSchema,
  CatalogueListQuerySchema,
  CatalogueStorefrontSchema,
  CatalogueSubjectSchema,
  CreateCatalogueBodySchema,
  OtsCatalogueSchema,
  OtsUpdateBodySchema,
  PublishableSubjectSchema,
  SubscriptionSchema,
  UpdateCatalogueBodySchema,
} from './catalogues.schemas';

// Paths of spec 2 §7 "Catalogues" and "OTS" at the verbs DESIGN §9 fixes. FINANCE reads catalogues
// and may change their prices, subscriptions and OTS rows (publisherPricing); everything else is the
// publisher area's.
export const cataloguesContract = {
  list: route({
    method: 'GET',
    path: '/publisher/cataloguemanager/all',
    summary: 'Every catalogue as a list item (derived durations, store link, subscriptions)',
    access: { kind: 'session', area: 'publisherPricing' },
    query: CatalogueListQuerySchema,
    response: z.array(CatalogueListItemSchema),
  }),
  details: route({
    method: 'GET',
    path: '/publisher/cataloguemanager/catalogue/{catalogueId}',
    summary: 'One catalogue with every section',
    access: { kind: 'session', area: 'publisherPricing' },
    params: CatalogueKeyParamSchema,
    response: CatalogueDetailSchema,
  }),
  create: route({
    method: 'POST',
    path: '/publisher/cataloguemanager/create',
    summary: 'Create a catalogue',
    access: { kind: 'session', area: 'publisher' },
    body: CreateCatalogueBodySchema,
    response: CatalogueDetailSchema,
  }),
  update: route({
    method: 'PUT',
    path: '/publisher/cataloguemanager/update',
    summary:
      'Change a catalogue (absent sections stay as they are; archive and unarchive with `archived`). FINANCE: prices and subscriptions only',
    access: { kind: 'session', area: 'publisherPricing' },
    body: UpdateCatalogueBodySchema,
    response: CatalogueDetailSchema,
  }),
  remove: route({
    method: 'DELETE',
    path: '/publisher/cataloguemanager/catalogue/{catalogueId}',
    summary: 'Delete a catalogue; refused while it is store-listed or has subscribers',
    access: { kind: 'session', area: 'publisher' },
    params: CatalogueKeyParamSchema,
    response: z.object({ catalogueId: z.string() }),
  }),
  publishableSubjects: route({
    method: 'GET',
    path: '/publisher/publisher/subject/all',
    summary: 'The subjects a catalogue may take: PUBLISHED ones, with their totals',
    access: { kind: 'session', area: 'publisherPricing' },
    response: z.array(PublishableSubjectSchema),
  }),
  subjects: route({
    method: 'GET',
    path: '/publisher/catalogue/catalogueid/{catalogueid}/subjects',
    summary: "A catalogue's subjects with their totals",
    access: { kind: 'session', area: 'publisherPricing' },
    params: CatalogueIdLowerParamSchema,
    response: z.array(CatalogueSubjectSchema),
  }),
  storefront: route({
    method: 'GET',
    path: '/publisher/catalogue/catalogueid/{catalogueId}',
    summary:
      'The storefront view of a catalogue: category, prices with discount and GST, coupons, preview videos, instructors, totals',
    access: { kind: 'session', area: 'publisherPricing' },
    params: CatalogueKeyParamSchema,
    response: CatalogueStorefrontSchema,
  }),
  otsCatalogues: route({
    method: 'GET',
    path: '/publisher/otsmanager/catalogue/all',
    summary: 'Catalogues with their numbers of subscriptions and OTS products',
    access: { kind: 'session', area: 'publisherPricing' },
    response: z.array(OtsCatalogueSchema),
  }),
  otsSubscriptions: route({
    method: 'GET',
    path: '/publisher/otsmanager/subscription/catalogueid/{catalogueId}',
    summary: "A catalogue's subscriptions with their OTS products",
    access: { kind: 'session', area: 'publisherPricing' },
    params: CatalogueKeyParamSchema,
    response: z.array(SubscriptionSchema),
  }),
  otsUpdate: route({
    method: 'PUT',
    path: '/publisher/otsmanager/update',
    summary:
      "Apply a subscription's OTS changes in one transaction: CREATED rows inserted, UPDATED changed, DELETED removed",
    access: { kind: 'session', area: 'publisherPricing' },
    body: OtsUpdateBodySchema,
    response: SubscriptionSchema,
  }),
};
