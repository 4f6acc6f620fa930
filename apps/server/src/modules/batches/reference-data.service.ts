import crypto from 'node:crypto';
import { BATCH_MESSAGES, batchMessage, type Branch, type Program } from '@lectern/contract';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { recordChange } from '../../lib/aggregate';
import { failWith } from '../../lib/app-error';
import type { Actor } from '../../lib/routing';
import type { BatchesRepository } from './batches.repository';

const fail = failWith(BATCH_MESSAGES);

/** Branches and programs: the reference data a batch names (spec 2 §7). */
export class ReferenceDataService {
  constructor(
    private readonly db: Db,
    private readonly repo: BatchesRepository,
  ) {}

  async branches(): Promise<Branch[]> {
    return (await this.repo.branches()).map(({ row, batchCount }) => ({
      branchId: row.id,
      branchName: row.name,
      city: row.city,
      batchCount,
      createdAt: row.createdAt.toISOString(),
      createdBy: row.createdBy,
    }));
  }

  async programs(): Promise<Program[]> {
    return (await this.repo.programs()).map(({ row, batchCount }) => ({
      programId: row.id,
      programName: row.name,
      batchCount,
      createdAt: row.createdAt.toISOString(),
      createdBy: row.createdBy,
    }));
  }

  async createBranch(
    actor: Actor,
    body: { branchName: string; city: string },
  ): Promise<{ branch: Branch; message: string }> {
    const id = crypto.randomUUID();
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        await this.repo.insertBranch(tx, { id, name: body.branchName, city: body.city, createdBy: actor.name });
        return {
          activity: {
            action: 'branch.create',
            entityType: 'branch',
            entityId: id,
            after: body,
            summary: `${actor.name} created branch '${body.branchName}' (${body.city})`,
          },
        };
      },
      onError: (error) =>
        isUniqueViolation(error) ? fail(409, 'branchTaken', { branchName: body.branchName }) : undefined,
    });
    const branch = (await this.branches()).find((b) => b.branchId === id)!;
    return { branch, message: batchMessage('branchCreated', { branchName: body.branchName }) };
  }

  async createProgram(actor: Actor, body: { programName: string }): Promise<{ program: Program; message: string }> {
    const id = crypto.randomUUID();
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        await this.repo.insertProgram(tx, { id, name: body.programName, createdBy: actor.name });
        return {
          activity: {
            action: 'program.create',
            entityType: 'program',
            entityId: id,
            after: body,
            summary: `${actor.name} created program '${body.programName}'`,
          },
        };
      },
      onError: (error) =>
        isUniqueViolation(error) ? fail(409, 'programTaken', { programName: body.programName }) : undefined,
    });
    const program = (await this.programs()).find((p) => p.programId === id)!;
    return { program, message: batchMessage('programCreated', { programName: body.programName }) };
  }
}
