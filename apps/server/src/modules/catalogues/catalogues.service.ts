import crypto from 'node:crypto';
import {
  MESSAGES,
  fillMessage,
  hasPermission,
  indianDate,
  type CatalogueDetail,
  type CatalogueListItem,
  type CreateCatalogueBodySchema,
  type UpdateCatalogueBodySchema,
} from '@lectern/contract';
import type { z } from 'zod';
import type { Database, Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { changeAggregate, recordChange, type Aggregate, type OnChangeError, aggregateOf } from '../../lib/aggregate';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/routing';
import { loadCatalogue, missingCatalogue, toListItem } from './catalogue-detail';
import { changedSections } from './catalogue-sections';
import type { CatalogueChanges, CatalogueRow, CataloguesRepository } from './catalogues.repository';

type CreateCatalogue = z.output<typeof CreateCatalogueBodySchema>;
type UpdateCatalogue = z.output<typeof UpdateCatalogueBodySchema>;

/** A catalogue code taken between our check and the insert: the unique index has the last word. */
const codeTaken =
  (code: string): OnChangeError =>
  (error) =>
    isUniqueViolation(error) ? AppError.of(409, 'catalogueCodeTaken', { catalogueCode: code }) : undefined;

/**
 * Catalogues with their subscriptions and add-ons (spec 2 §3, DESIGN §9): list, read, create, change,
 * delete. The storefront query is storefront.service.ts, the OTS manager ots.service.ts.
 */
export class CataloguesService {
  private readonly catalogues: Aggregate<CatalogueRow>;

  constructor(
    private readonly database: Database,
    private readonly repo: CataloguesRepository,
  ) {
    this.catalogues = aggregateOf('catalogue', repo, missingCatalogue);
  }

  private get db(): Db {
    return this.database.db;
  }

  async list(archived: 'true' | 'false' | 'all'): Promise<CatalogueListItem[]> {
    const rows = await this.repo.list(archived === 'all' ? {} : { archived: archived === 'true' });
    return rows.map(toListItem);
  }

  async details(catalogueId: string): Promise<CatalogueDetail> {
    return (await loadCatalogue(this.repo, catalogueId)).detail;
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
}
