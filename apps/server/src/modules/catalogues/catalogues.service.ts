import crypto from 'node:crypto';
import {
  AddOnInputSchema,
  CatalogueInstructorSchema,
  CatalogueResourceSchema,
  CatalogueThemeSchema,
  MESSAGES,
  PublishingInfoSchema,
  fillMessage,
  hasPermission,
  indianDate,
  paise,
  planOtsUpdate,
  splitGst,
  type CatalogueDetail,
  type CatalogueListItem,
  type CatalogueStorefront,
  type CreateCatalogueBodySchema,
  type OtsUpdateBodySchema,
  type Subscription,
  type UpdateCatalogueBodySchema,
} from '@lectern/contract';
import type { z } from 'zod';
import type { Database, Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { changeAggregate, recordChange, type Aggregate, type OnChangeError } from '../../lib/aggregate';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/routing';
import { readEndpoints } from '../../transcoder/transcoder';
import type {
  CatalogueChanges,
  CatalogueListRow,
  CatalogueRow,
  CataloguesRepository,
  OtsRow,
  SubscriptionRow,
} from './catalogues.repository';

type CreateCatalogue = z.output<typeof CreateCatalogueBodySchema>;
type UpdateCatalogue = z.output<typeof UpdateCatalogueBodySchema>;
type OtsUpdate = z.output<typeof OtsUpdateBodySchema>;
type Section = Exclude<keyof UpdateCatalogue, 'catalogueId' | 'version'>;

const missingCatalogue = () => AppError.of(404, 'notFound', { what: 'that catalogue' });
const missingSubscription = () => AppError.of(404, 'notFound', { what: 'that subscription' });

/** A catalogue code taken between our check and the insert: the unique index has the last word. */
const codeTaken =
  (code: string): OnChangeError =>
  (error) =>
    isUniqueViolation(error) ? AppError.of(409, 'catalogueCodeTaken', { catalogueCode: code }) : undefined;

/** The store's address of a listing: issue 15 serves the page itself. */
const storeListingUrl = (slug: string | null) => (slug ? `/store/${slug}` : null);

export function toSubscription({ sub, ots }: { sub: SubscriptionRow; ots: OtsRow[] }): Subscription {
  return {
    subscriptionId: sub.id,
    subscriptionLabel: sub.label,
    subscriptionType: sub.subscriptionType === 'FIXED' ? 'FIXED' : 'DURATION',
    featured: sub.featured,
    price: paise(sub.price),
    listPrice: sub.listPrice === null ? null : paise(sub.listPrice),
    numberOfMonths: sub.numberOfMonths,
    subscriptionEndDate: sub.endDate,
    otsList: ots.map((o) => ({
      otsId: o.id,
      productLabel: o.productLabel,
      packageCode: o.packageCode,
      groupCode: o.groupCode,
      status: o.status === 'UPDATED' ? 'UPDATED' : 'CREATED',
    })),
    version: sub.version,
  };
}

function toListItem(r: CatalogueListRow): CatalogueListItem {
  const c = r.catalogue;
  return {
    catalogueId: c.id,
    catalogueName: c.name,
    catalogueCode: c.code,
    duration: r.duration,
    trialVideoDuration: r.trialVideoDuration,
    storeListed: r.storeListingId !== null,
    storeListingId: r.storeListingId,
    storeListingName: r.storeListingName,
    storeListingUrl: storeListingUrl(r.storeListingSlug),
    subjects: r.subjects,
    trialInfo: { freeTrialSubTopics: r.trialSubTopics, freeTrialVideoTime: r.trialVideoDuration },
    recipients: r.recipients,
    featured: c.featured,
    featuredOnLeadPage: c.featuredOnLeadPage,
    publishState: c.publishState,
    archived: c.archived,
    subscriptionCount: r.subscriptionCount,
    lowestPrice: r.lowestPrice === null ? null : paise(r.lowestPrice),
    version: c.version,
    updatedAt: c.updatedAt.toISOString(),
  };
}

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
function changedSections(c: CatalogueRow, detail: CatalogueDetail, input: UpdateCatalogue): Section[] {
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

/** Catalogues with their subscriptions, OTS products and add-ons (spec 2 §3, DESIGN §9). */
export class CataloguesService {
  private readonly catalogues: Aggregate<CatalogueRow>;
  private readonly subscriptions: Aggregate<SubscriptionRow>;

  constructor(
    private readonly database: Database,
    private readonly repo: CataloguesRepository,
  ) {
    this.catalogues = {
      entity: 'catalogue',
      lock: (tx, id) => repo.lock(tx, id),
      bumpVersion: (tx, id) => repo.bumpVersion(tx, id),
      missing: missingCatalogue,
    };
    this.subscriptions = {
      entity: 'subscription',
      lock: (tx, id) => repo.lockSubscription(tx, id),
      bumpVersion: (tx, id) => repo.bumpSubscriptionVersion(tx, id),
      missing: missingSubscription,
    };
  }

  private get db(): Db {
    return this.database.db;
  }

  async list(archived: 'true' | 'false' | 'all'): Promise<CatalogueListItem[]> {
    const rows = await this.repo.list(archived === 'all' ? {} : { archived: archived === 'true' });
    return rows.map(toListItem);
  }

  async details(catalogueId: string): Promise<CatalogueDetail> {
    return (await this.load(catalogueId)).detail;
  }

  /** The detail, with the preview videos' rows it was built from (the storefront needs their endpoints). */
  private async load(catalogueId: string) {
    const [listed] = await this.repo.list({ ids: [catalogueId] });
    if (!listed) throw missingCatalogue();
    const c = listed.catalogue;
    const [subjects, subs, addOns] = await Promise.all([
      this.repo.subjectsOf(catalogueId),
      this.repo.subscriptionsOf(catalogueId),
      this.repo.addOnsOf(catalogueId),
    ]);
    const previewIds = (c.previewVideoIds as string[]) ?? [];
    const previews = await this.repo.previewVideos(previewIds);
    const byId = new Map(previews.map((v) => [v.id, v]));
    const item = toListItem(listed);
    const theme = CatalogueThemeSchema.parse(c.theme ?? {});
    const publishing = PublishingInfoSchema.parse({
      publishState: c.publishState,
      featured: c.featured,
      featuredOnLeadPage: c.featuredOnLeadPage,
      packageCode: c.packageCode,
      packageGroupCode: c.packageGroupCode,
      tags: c.tags,
    });
    const detail: CatalogueDetail = {
      catalogueId: c.id,
      version: c.version,
      archived: c.archived,
      storeListed: item.storeListed,
      storeListingId: item.storeListingId,
      storeListingName: item.storeListingName,
      storeListingUrl: item.storeListingUrl,
      catalogueInfo: { catalogueName: c.name, catalogueCode: c.code, description: c.description },
      cataloguePublisher: { publisherName: c.publisherName, publisherLogoLink: c.publisherLogoLink },
      catalogueTheme: theme,
      resources: ((c.resources as CatalogueDetail['resources']) ?? []).map((r) => ({ ...r })),
      subjects: subjects.map((s) => ({
        subjectId: s.subjectId,
        subjectName: s.subjectName,
        subjectState: s.subjectState,
        imagePath: s.imagePath,
        duration: s.duration,
        trialVideoDuration: s.trialVideoDuration,
        videos: s.videos,
      })),
      instructors: (c.instructors as CatalogueDetail['instructors']) ?? [],
      subscriptions: subs.map(toSubscription),
      addOns: addOns.map((a) => ({
        addOnId: a.id,
        addOnName: a.name,
        price: paise(a.price),
        description: a.description,
        automationType: a.automationType === 'DELIVERY' || a.automationType === 'EMAIL' ? a.automationType : 'NONE',
      })),
      publishingInfo: publishing,
      previewVideos: previewIds.flatMap((id) => {
        const v = byId.get(id);
        if (!v) return [];
        return [
          {
            videoId: v.id,
            title: v.name,
            subjectName: c.name,
            transcodingStatus: v.transcodingStatus,
            duration: v.durationSeconds,
            catalogueId: v.catalogueId,
          },
        ];
      }),
      duration: item.duration,
      trialVideoDuration: item.trialVideoDuration,
      trialInfo: item.trialInfo,
      recipients: item.recipients,
      createdBy: { userId: c.createdBy, name: c.createdByName },
      createdAt: c.createdAt.toISOString(),
      updatedAt: c.updatedAt.toISOString(),
    };
    return { detail, previews };
  }

  async subjectsOf(catalogueId: string) {
    if (!(await this.repo.byId(catalogueId))) throw missingCatalogue();
    return (await this.repo.subjectsOf(catalogueId)).map(({ trialSubTopics: _t, ...s }) => s);
  }

  async publishableSubjects() {
    return (await this.repo.publishedSubjects()).map(({ trialSubTopics: _t, subjectState: _s, ...s }) => s);
  }

  /** Refuses subjects that are not PUBLISHED (or do not exist), naming the first. */
  private async checkSubjects(tx: Db, ids: string[]): Promise<void> {
    const found = await this.repo.subjectStates(tx, ids);
    for (const id of ids) {
      const subject = found.find((s) => s.id === id);
      if (!subject) throw AppError.of(400, 'notFound', { what: `subject ${id}` });
      if (subject.subjectState !== 'PUBLISHED') {
        throw AppError.of(400, 'catalogueSubjectNotPublished', { subjectName: subject.name });
      }
    }
  }

  private async checkPreviewVideos(tx: Db, ids: string[]): Promise<void> {
    const found = new Set((await this.repo.previewVideos(ids, tx)).map((v) => v.id));
    const unknown = ids.find((id) => !found.has(id));
    if (unknown) throw AppError.of(400, 'cataloguePreviewVideoUnknown', { videoId: unknown });
  }

  /** New or changed FIXED subscriptions may not end in the past. */
  private checkEndDates(
    inputs: NonNullable<UpdateCatalogue['subscriptions']>,
    before: { subscriptionId: string; subscriptionEndDate: string | null }[],
  ): void {
    const today = indianDate();
    for (const s of inputs) {
      if (s.subscriptionType !== 'FIXED' || !s.subscriptionEndDate) continue;
      const was = before.find((b) => b.subscriptionId === s.subscriptionId)?.subscriptionEndDate;
      if (was === s.subscriptionEndDate) continue;
      if (s.subscriptionEndDate < today) {
        throw AppError.of(400, 'catalogueEndDatePast', {
          subscriptionLabel: s.subscriptionLabel,
          date: s.subscriptionEndDate,
        });
      }
    }
  }

  private async checkCode(tx: Db, code: string, catalogueId?: string): Promise<void> {
    const owner = await this.repo.codeOwner(tx, code);
    if (owner && owner !== catalogueId) throw AppError.of(409, 'catalogueCodeTaken', { catalogueCode: code });
  }

  async create(actor: Actor, input: CreateCatalogue): Promise<{ catalogue: CatalogueDetail; message: string }> {
    const id = crypto.randomUUID();
    const { catalogueInfo: info } = input;
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        await this.checkCode(tx, info.catalogueCode);
        await this.checkSubjects(tx, input.subjectIds);
        await this.checkPreviewVideos(tx, input.previewVideoIds);
        this.checkEndDates(input.subscriptions, []);
        await this.repo.insert(tx, {
          id,
          name: info.catalogueName,
          code: info.catalogueCode,
          createdBy: actor.userId,
          createdByName: actor.name,
          ...this.rowChanges(input),
        });
        await this.repo.replaceSubjects(tx, id, input.subjectIds);
        await this.repo.syncSubscriptions(tx, id, input.subscriptions);
        await this.repo.replaceAddOns(tx, id, input.addOns);
        return {
          activity: {
            action: 'catalogue.create',
            entityType: 'catalogue',
            entityId: id,
            after: input,
            summary: `${actor.name} created catalogue '${info.catalogueName}'`,
          },
        };
      },
      onError: codeTaken(info.catalogueCode),
    });
    return {
      catalogue: await this.details(id),
      message: fillMessage(MESSAGES.catalogueCreated, { catalogueName: info.catalogueName }),
    };
  }

  /** The catalogue row's own columns an input sets (sections absent from it are left out). */
  private rowChanges(input: Partial<CreateCatalogue> & { archived?: boolean }): CatalogueChanges {
    const changes: CatalogueChanges = {};
    if (input.catalogueInfo) {
      changes.name = input.catalogueInfo.catalogueName;
      changes.code = input.catalogueInfo.catalogueCode;
      changes.description = input.catalogueInfo.description;
    }
    if (input.cataloguePublisher) {
      changes.publisherName = input.cataloguePublisher.publisherName;
      changes.publisherLogoLink = input.cataloguePublisher.publisherLogoLink;
    }
    if (input.catalogueTheme) changes.theme = input.catalogueTheme;
    if (input.resources) {
      changes.resources = input.resources.map((r) => ({ ...r, resourceId: r.resourceId ?? crypto.randomUUID() }));
    }
    if (input.instructors) changes.instructors = input.instructors;
    if (input.previewVideoIds) changes.previewVideoIds = input.previewVideoIds;
    if (input.publishingInfo) {
      const p = input.publishingInfo;
      Object.assign(changes, {
        publishState: p.publishState,
        featured: p.featured,
        featuredOnLeadPage: p.featuredOnLeadPage,
        packageCode: p.packageCode,
        packageGroupCode: p.packageGroupCode,
        tags: p.tags,
      });
    }
    if (input.archived !== undefined) changes.archived = input.archived;
    return changes;
  }

  /**
   * Changes a catalogue at the version the editor saw. Sections left out stay as they are. FINANCE
   * (without the publisher area) may change subscriptions and add-on prices only: any other section
   * that differs from the stored one is refused, naming it.
   */
  async update(actor: Actor, input: UpdateCatalogue): Promise<{ catalogue: CatalogueDetail; message: string }> {
    const { catalogueId, version } = input;
    const current = await this.details(catalogueId);
    let name = current.catalogueInfo.catalogueName;
    await changeAggregate(
      this.db,
      this.catalogues,
      { actor, id: catalogueId, version },
      {
        check: async (tx, row) => {
          const changed = changedSections(row, current, input);
          // `changed` leaves out subscriptions and add-on prices (FINANCE_CATALOGUE_SECTIONS' prices): all else is refused.
          if (!hasPermission(actor.roles, 'publisher') && changed.length > 0) {
            throw AppError.of(403, 'catalogueFinanceReadOnly', { fields: changed.join(', ') });
          }
          if (input.addOns) {
            const own = new Set(current.addOns.map((a) => a.addOnId));
            const foreign = input.addOns.find((a) => a.addOnId && !own.has(a.addOnId));
            if (foreign?.addOnId)
              throw AppError.of(400, 'catalogueAddOnUnknown', { addOnId: foreign.addOnId, catalogueName: name });
          }
          if (input.subscriptions) {
            const own = new Set(current.subscriptions.map((s) => s.subscriptionId));
            const foreign = input.subscriptions.find((s) => s.subscriptionId && !own.has(s.subscriptionId));
            if (foreign?.subscriptionId) {
              throw AppError.of(400, 'catalogueSubscriptionUnknown', {
                subscriptionId: foreign.subscriptionId,
                catalogueName: name,
              });
            }
            this.checkEndDates(input.subscriptions, current.subscriptions);
          }
          if (input.catalogueInfo) await this.checkCode(tx, input.catalogueInfo.catalogueCode, catalogueId);
          if (input.subjectIds && changed.includes('subjectIds')) await this.checkSubjects(tx, input.subjectIds);
          if (input.previewVideoIds && changed.includes('previewVideoIds')) {
            await this.checkPreviewVideos(tx, input.previewVideoIds);
          }
        },
        apply: async ({ tx }) => {
          name = input.catalogueInfo?.catalogueName ?? name;
          await this.repo.update(tx, catalogueId, this.rowChanges(input));
          if (input.subjectIds) await this.repo.replaceSubjects(tx, catalogueId, input.subjectIds);
          if (input.subscriptions) await this.repo.syncSubscriptions(tx, catalogueId, input.subscriptions);
          if (input.addOns) await this.repo.replaceAddOns(tx, catalogueId, input.addOns);
          const action =
            input.archived === true && !current.archived
              ? 'archived'
              : input.archived === false && current.archived
                ? 'unarchived'
                : 'updated';
          return {
            activity: {
              action: `catalogue.${action === 'updated' ? 'update' : action.replace(/d$/, '')}`,
              entityType: 'catalogue',
              entityId: catalogueId,
              before: current,
              after: input,
              summary: `${actor.name} ${action} catalogue '${name}'`,
            },
          };
        },
        onError: codeTaken(input.catalogueInfo?.catalogueCode ?? current.catalogueInfo.catalogueCode),
      },
    );
    const key =
      input.archived === true && !current.archived
        ? 'catalogueArchived'
        : input.archived === false && current.archived
          ? 'catalogueUnarchived'
          : 'catalogueUpdated';
    return { catalogue: await this.details(catalogueId), message: fillMessage(MESSAGES[key], { catalogueName: name }) };
  }

  /** Deletes a catalogue; refused while it has a store listing, students with a running subscription, or preview videos. */
  async remove(actor: Actor, catalogueId: string): Promise<{ message: string }> {
    let name = '';
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        const row = await this.repo.lock(tx, catalogueId);
        if (!row) throw missingCatalogue();
        name = row.name;
        const link = await this.repo.storeLink(catalogueId, tx);
        if (link) {
          throw AppError.of(409, 'catalogueStoreListed', {
            catalogueName: row.name,
            storeListingName: link.storeListingName,
          });
        }
        const recipients = await this.repo.recipientCount(tx, catalogueId, indianDate());
        if (recipients > 0)
          throw AppError.of(409, 'catalogueHasSubscribers', { catalogueName: row.name, count: recipients });
        // its preview videos would be left in storage with no folder to find them by
        const previews = await this.repo.previewVideoCount(tx, catalogueId);
        if (previews > 0)
          throw AppError.of(409, 'catalogueHasPreviewVideos', { catalogueName: row.name, count: previews });
        await this.repo.remove(tx, catalogueId);
        return {
          activity: {
            action: 'catalogue.delete',
            entityType: 'catalogue',
            entityId: catalogueId,
            before: { name: row.name, code: row.code },
            summary: `${actor.name} deleted catalogue '${row.name}'`,
          },
        };
      },
    });
    return { message: fillMessage(MESSAGES.catalogueDeleted, { catalogueName: name }) };
  }

  /** The storefront view: what a student would read of the catalogue, with prices split for GST. */
  async storefront(catalogueId: string): Promise<CatalogueStorefront> {
    const { detail, previews } = await this.load(catalogueId);
    const link = await this.repo.storeLink(catalogueId);
    const byId = new Map(previews.map((v) => [v.id, v]));
    const banner =
      detail.catalogueTheme.images.find((i) => i.catalogueImageType === 'BANNER') ?? detail.catalogueTheme.images[0];
    return {
      catalogueId,
      catalogueName: detail.catalogueInfo.catalogueName,
      catalogueCode: detail.catalogueInfo.catalogueCode,
      description: detail.catalogueInfo.description,
      category:
        link?.categoryId && link.categoryName
          ? {
              categoryId: link.categoryId,
              categoryName: link.categoryName,
              subCategory:
                link.subCategoryId && link.subCategoryName
                  ? { subCategoryId: link.subCategoryId, subCategoryName: link.subCategoryName }
                  : null,
            }
          : null,
      imagePath: banner?.imageLink ?? null,
      colour: detail.catalogueTheme.colour,
      student: detail.recipients,
      internalStudent: 0,
      features: detail.subjects.map((s) => s.subjectName),
      featured: detail.publishingInfo.featured,
      publishState: detail.publishingInfo.publishState,
      packageCode: detail.publishingInfo.packageCode,
      packageGroupCode: detail.publishingInfo.packageGroupCode,
      previewVideos: detail.previewVideos.map((v) => {
        const { master, poster } = readEndpoints((byId.get(v.videoId)?.endpoints as string[] | null) ?? []);
        return { videoUrl: master, thumbnail: poster, subjectName: v.title };
      }),
      instructors: detail.instructors,
      prices: detail.subscriptions.map((s) => {
        const actual = s.listPrice ?? s.price;
        return {
          subscriptionId: s.subscriptionId,
          subscriptionLabel: s.subscriptionLabel,
          actualPrice: actual,
          finalPrice: s.price,
          discount: paise(actual - s.price),
          discountName: actual > s.price ? 'Offer price' : null,
          gst: splitGst(s.price).gst,
          expire: s.subscriptionEndDate,
          fixed: s.subscriptionType === 'FIXED',
          numberOfMonths: s.numberOfMonths,
        };
      }),
      // Coupons shown on a catalogue arrive with issue 16.
      coupons: [],
      tags: detail.publishingInfo.tags,
      version: detail.version,
      totalVideos: detail.subjects.reduce((n, subject) => n + subject.videos, 0),
      totalHours: Math.round(detail.duration / 360) / 10,
    };
  }

  // ---- OTS manager

  async otsCatalogues() {
    return (await this.repo.otsCatalogues()).map((r) => ({
      catalogueId: r.id,
      catalogueName: r.name,
      catalogueCode: r.code,
      archived: Boolean(r.archived),
      subscriptionCount: Number(r.subscription_count),
      otsCount: Number(r.ots_count),
    }));
  }

  async otsSubscriptions(catalogueId: string): Promise<Subscription[]> {
    if (!(await this.repo.byId(catalogueId))) throw missingCatalogue();
    return (await this.repo.subscriptionsOf(catalogueId)).map(toSubscription);
  }

  /**
   * Applies a subscription's OTS rows in one transaction at the subscription's version the OTS editor
   * saw (a stale one is 409).
   */
  async otsUpdate(actor: Actor, input: OtsUpdate): Promise<{ subscription: Subscription; message: string }> {
    let label = '';
    await changeAggregate(
      this.db,
      this.subscriptions,
      { actor, id: input.subscriptionId, version: input.version },
      {
        apply: async ({ tx, row }) => {
          label = row.label;
          const plan = planOtsUpdate(await this.repo.otsIds(tx, row.id), input.otsList);
          if (plan.errors.length > 0) {
            throw AppError.of(400, 'otsRowInvalid', {
              details: plan.errors.map((e) => `${e.path}: ${e.message}`).join('; '),
            });
          }
          // Only the subscription's version moves (changeAggregate bumps it): the catalogue's version guards
          // what its editor writes (its details, subscription fields, add-ons), none of which OTS rows touch,
          // so an OTS save must not refuse that editor's next save with a 409.
          await this.repo.applyOtsPlan(tx, row.id, plan);
          return {
            activity: {
              action: 'catalogue.ots.update',
              entityType: 'subscription',
              entityId: row.id,
              after: plan,
              summary: `${actor.name} changed the one-time-sale products of '${row.label}' (${plan.insert.length} added, ${plan.update.length} kept or changed, ${plan.remove.length} deleted)`,
            },
          };
        },
      },
    );
    const saved = await this.repo.subscriptionById(input.subscriptionId);
    if (!saved) throw missingSubscription();
    return {
      subscription: toSubscription(saved),
      message: fillMessage(MESSAGES.otsSaved, { subscriptionLabel: label }),
    };
  }
}
