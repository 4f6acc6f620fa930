import crypto from 'node:crypto';
import { BATCH_MESSAGES, batchMessage, plural, type Group } from '@lectern/contract';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { changeAggregate, recordChange, type Aggregate } from '../../lib/aggregate';
import { failWith } from '../../lib/app-error';
import type { Actor } from '../../lib/routing';
import type { BatchesRepository, GroupRow } from './batches.repository';
import { toInfo } from './batches.mappers';

const fail = failWith(BATCH_MESSAGES);

/** Groups of batches, named together for notices and reports (spec 2 §7). */
export class GroupsService {
  private readonly groupsAggregate: Aggregate<GroupRow>;

  constructor(
    private readonly db: Db,
    private readonly repo: BatchesRepository,
  ) {
    this.groupsAggregate = {
      entity: 'group',
      lock: (tx, id) => repo.lockGroup(tx, id),
      bumpVersion: (tx, id) => repo.bumpGroupVersion(tx, id),
      missing: () => fail(404, 'groupNotFound', { groupId: '' }),
    };
  }

  private async toGroups(rows: GroupRow[]): Promise<Group[]> {
    const batchIds = await this.repo.batchIdsOfGroups(rows.map((g) => g.id));
    const all = [...new Set([...batchIds.values()].flat())];
    const infos = new Map((await this.repo.byIds(all)).map((r) => [r.row.id, toInfo(r)]));
    return rows.map((g) => ({
      groupId: g.id,
      groupName: g.name,
      description: g.description,
      batches: (batchIds.get(g.id) ?? [])
        .map((id) => infos.get(id)!)
        .filter(Boolean)
        .sort((a, b) => a.batchName.localeCompare(b.batchName)),
      createdBy: g.createdBy,
      createdAt: g.createdAt.toISOString(),
      updatedAt: g.updatedAt.toISOString(),
      version: g.version,
    }));
  }

  async groups(): Promise<Group[]> {
    return this.toGroups(await this.repo.groups());
  }

  async group(groupId: string): Promise<Group> {
    const row = await this.repo.group(groupId);
    if (!row) throw fail(404, 'groupNotFound', { groupId });
    return (await this.toGroups([row]))[0]!;
  }

  /** The group's batches: at least one, every one existing. */
  private async checkGroupBatches(tx: Db, batchIds: string[]): Promise<string[]> {
    const ids = [...new Set(batchIds)];
    if (ids.length === 0) throw fail(400, 'groupNeedsBatch');
    const found = new Set((await this.repo.byIds(ids, tx)).map((r) => r.row.id));
    const unknown = ids.find((id) => !found.has(id));
    if (unknown !== undefined) throw fail(404, 'notFound', { batchId: unknown });
    return ids;
  }

  private groupTaken(name: string) {
    return (error: unknown) => (isUniqueViolation(error) ? fail(409, 'groupTaken', { groupName: name }) : undefined);
  }

  async createGroup(
    actor: Actor,
    body: { groupName: string; description: string; batchIds: string[] },
  ): Promise<{ group: Group; message: string }> {
    const id = crypto.randomUUID();
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        const batchIds = await this.checkGroupBatches(tx, body.batchIds);
        await this.repo.insertGroup(tx, {
          id,
          name: body.groupName,
          description: body.description,
          createdBy: actor.name,
        });
        await this.repo.setGroupBatches(tx, id, batchIds);
        return {
          activity: {
            action: 'group.create',
            entityType: 'group',
            entityId: id,
            after: { ...body, batchIds },
            summary: `${actor.name} created group '${body.groupName}' of ${plural(batchIds.length, 'batch', 'batches')}`,
          },
        };
      },
      onError: this.groupTaken(body.groupName),
    });
    return { group: await this.group(id), message: batchMessage('groupCreated', { groupName: body.groupName }) };
  }

  async updateGroup(
    actor: Actor,
    body: { groupId: string; version: number; groupName: string; description: string; batchIds: string[] },
  ): Promise<{ group: Group; message: string }> {
    await changeAggregate(
      this.db,
      { ...this.groupsAggregate, missing: () => fail(404, 'groupNotFound', { groupId: body.groupId }) },
      { actor, id: body.groupId, version: body.version },
      {
        apply: async ({ tx, row }) => {
          const batchIds = await this.checkGroupBatches(tx, body.batchIds);
          const before = (await this.repo.batchIdsOfGroups([row.id], tx)).get(row.id) ?? [];
          await this.repo.updateGroup(tx, row.id, { name: body.groupName, description: body.description });
          await this.repo.setGroupBatches(tx, row.id, batchIds);
          return {
            activity: {
              action: 'group.update',
              entityType: 'group',
              entityId: row.id,
              before: { groupName: row.name, description: row.description, batchIds: before },
              after: { groupName: body.groupName, description: body.description, batchIds },
              summary: `${actor.name} updated group '${body.groupName}'`,
            },
          };
        },
        onError: this.groupTaken(body.groupName),
      },
    );
    return {
      group: await this.group(body.groupId),
      message: batchMessage('groupUpdated', { groupName: body.groupName }),
    };
  }

  async deleteGroup(actor: Actor, groupId: string): Promise<{ message: string }> {
    let message = '';
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        const row = await this.repo.lockGroup(tx, groupId);
        if (!row) throw fail(404, 'groupNotFound', { groupId });
        await this.repo.deleteGroup(tx, groupId);
        message = batchMessage('groupDeleted', { groupName: row.name });
        return {
          activity: {
            action: 'group.delete',
            entityType: 'group',
            entityId: groupId,
            before: { groupName: row.name, description: row.description },
            summary: `${actor.name} deleted group '${row.name}'`,
          },
        };
      },
    });
    return { message };
  }
}
