import {
  AddOnInputSchema,
  CatalogueInstructorSchema,
  CatalogueResourceSchema,
  CatalogueThemeSchema,
  PublishingInfoSchema,
  type CatalogueDetail,
  type UpdateCatalogueBodySchema,
} from '@lectern/contract';
import type { z } from 'zod';
import type { CatalogueRow } from './catalogues.repository';

type UpdateCatalogue = z.output<typeof UpdateCatalogueBodySchema>;
type Section = Exclude<keyof UpdateCatalogue, 'catalogueId' | 'version'>;

/** The stored sections of a catalogue in the form an update sends them, to tell which a caller changed. */
function storedSections(c: CatalogueRow, detail: CatalogueDetail): Record<Section, unknown> {
  return {
    archived: c.archived,
    catalogueInfo: detail.catalogueInfo,
    cataloguePublisher: detail.cataloguePublisher,
    catalogueTheme: CatalogueThemeSchema.parse(detail.catalogueTheme),
    resources: detail.resources.map(({ resourceId: _id, ...r }) => CatalogueResourceSchema.parse(r)),
    subjectIds: detail.subjects.map((s) => s.subjectId),
    instructors: detail.instructors.map((i) => CatalogueInstructorSchema.parse(i)),
    subscriptions: null,
    addOns: detail.addOns.map(({ price: _price, ...a }) => AddOnInputSchema.parse({ ...a, price: 0 })),
    publishingInfo: PublishingInfoSchema.parse(detail.publishingInfo),
    previewVideoIds: detail.previewVideos.map((v) => v.videoId),
  };
}

/** JSON with object keys sorted at every level (jsonb does not keep the order they were written in). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/**
 * The sections an update changes, compared in the stored form. Add-ons count as changed only when
 * something other than their prices changed: prices are FINANCE's to change.
 */
export function changedSections(c: CatalogueRow, detail: CatalogueDetail, input: UpdateCatalogue): Section[] {
  const stored = storedSections(c, detail);
  const sent: Record<Section, unknown> = {
    archived: input.archived,
    catalogueInfo: input.catalogueInfo,
    cataloguePublisher: input.cataloguePublisher,
    catalogueTheme: input.catalogueTheme,
    resources: input.resources?.map(({ resourceId: _id, ...r }) => r),
    subjectIds: input.subjectIds,
    instructors: input.instructors,
    subscriptions: input.subscriptions,
    addOns: input.addOns?.map((a) => ({ ...a, price: 0 })),
    publishingInfo: input.publishingInfo,
    previewVideoIds: input.previewVideoIds,
  };
  return (Object.keys(sent) as Section[]).filter(
    (key) => sent[key] !== undefined && key !== 'subscriptions' && !same(sent[key], stored[key]),
  );
}
