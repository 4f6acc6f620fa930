import { MESSAGES, fillMessage, planOtsUpdate, type OtsUpdateBodySchema, type Subscription } from '@lectern/contract';
import type { z } from 'zod';
import type { Database, Db } from '../../db/client';
import { changeAggregate, type Aggregate } from '../../lib/aggregate';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/routing';
import { missingCatalogue, missingSubscription, toSubscription } from './catalogue-detail';
import type { CataloguesRepository, SubscriptionRow } from './catalogues.repository';
import type { OtsRepository } from './ots.repository';

type OtsUpdate = z.output<typeof OtsUpdateBodySchema>;

/** The OTS manager: the one-time-sale products of each subscription of a catalogue. */
export class OtsService {
  private readonly subscriptions: Aggregate<SubscriptionRow>;

  constructor(
    private readonly database: Database,
    private readonly repo: CataloguesRepository,
    private readonly ots: OtsRepository,
  ) {
    this.subscriptions = {
      entity: 'subscription',
      lock: (tx, id) => ots.lockSubscription(tx, id),
      bumpVersion: (tx, id) => ots.bumpSubscriptionVersion(tx, id),
      missing: missingSubscription,
    };
  }

  private get db(): Db {
    return this.database.db;
  }

  async otsCatalogues() {
    return (await this.ots.otsCatalogues()).map((r) => ({
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
          const plan = planOtsUpdate(await this.ots.otsIds(tx, row.id), input.otsList);
          if (plan.errors.length > 0) {
            throw AppError.of(400, 'otsRowInvalid', {
              details: plan.errors.map((e) => `${e.path}: ${e.message}`).join('; '),
            });
          }
          // Only the subscription's version moves (changeAggregate bumps it): the catalogue's version guards
          // what its editor writes (its details, subscription fields, add-ons), none of which OTS rows touch,
          // so an OTS save must not refuse that editor's next save with a 409.
          await this.ots.applyOtsPlan(tx, row.id, plan);
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
    const saved = await this.ots.subscriptionById(input.subscriptionId);
    if (!saved) throw missingSubscription();
    return {
      subscription: toSubscription(saved),
      message: fillMessage(MESSAGES.otsSaved, { subscriptionLabel: label }),
    };
  }
}
