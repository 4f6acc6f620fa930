import crypto from 'node:crypto';
import {
  BATCH_MESSAGES,
  batchMessage,
  type Batch,
  type BatchInfo,
  type BatchStatus,
  type CreateBatchBody,
  type UpdateBatchBody,
} from '@lectern/contract';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { changeAggregate, recordChange, type Aggregate, aggregateOf } from '../../lib/aggregate';
import { type AppError, failWith } from '../../lib/app-error';
import type { Actor } from '../../lib/routing';
import type { BatchRow, BatchesRepository } from './batches.repository';
import { toBatch, toInfo } from './batches.mappers';

const fail = failWith(BATCH_MESSAGES);

/** What a batch form may not say, whatever the database holds: 400 before any lock. */
function checkDates(body: { startDate: string; endDate: string }): void {
  if (body.endDate < body.startDate) throw fail(400, 'endBeforeStart');
}

/**
 * The lifecycle of a batch: read, create, edit, close (spec 2 §7, DESIGN §9). Its students are
 * membership.service.ts, its groups groups.service.ts, branches and programs reference-data.service.ts.
 */
export class BatchesService {
  private readonly batches: Aggregate<BatchRow>;

  constructor(
    private readonly db: Db,
    private readonly repo: BatchesRepository,
  ) {
    this.batches = aggregateOf('batch', repo, () => fail(404, 'notFound', { batchId: '' }));
  }

  private batchAggregate(batchId: string): Aggregate<BatchRow> {
    return { ...this.batches, missing: () => fail(404, 'notFound', { batchId }) };
  }

  // ---- reads

  async page(page: number, size: number) {
    const { records, total } = await this.repo.page(page, size);
    return { batchDTOS: records.map(toBatch), page, size, totalElements: total };
  }

  async byStatus(status: BatchStatus): Promise<Batch[]> {
    return (await this.repo.byStatus(status)).map(toBatch);
  }

  async infoByStatus(status: BatchStatus): Promise<BatchInfo[]> {
    return (await this.repo.byStatus(status)).map(toInfo);
  }

  async byId(batchId: string, db?: Db): Promise<Batch> {
    const record = await this.repo.byId(batchId, db);
    if (!record) throw fail(404, 'notFound', { batchId });
    return toBatch(record);
  }

  // ---- changes

  /** The branch and program exist and the code is free (another batch's code names that batch). */
  private async checkFields(tx: Db, body: CreateBatchBody, batchId?: string): Promise<void> {
    if (!(await this.repo.branchExists(tx, body.branchId)))
      throw fail(404, 'branchNotFound', { branchId: body.branchId });
    if (!(await this.repo.programExists(tx, body.programId))) {
      throw fail(404, 'programNotFound', { programId: body.programId });
    }
    const owner = await this.repo.codeOwner(tx, body.batchCode, batchId);
    if (owner) throw fail(409, 'codeTaken', { batchCode: body.batchCode, batchName: owner.name });
  }

  /** A unique violation on the code lost a race with another save: answered like the check above. */
  private codeRace(code: string): (error: unknown) => AppError | undefined {
    return (error) =>
      isUniqueViolation(error) ? fail(409, 'codeTaken', { batchCode: code, batchName: code }) : undefined;
  }

  private fields(body: CreateBatchBody) {
    return {
      name: body.batchName,
      code: body.batchCode,
      branchId: body.branchId,
      programId: body.programId,
      startDate: body.startDate,
      endDate: body.endDate,
      capacity: body.capacity,
    };
  }

  async create(actor: Actor, body: CreateBatchBody): Promise<{ batch: Batch; message: string }> {
    checkDates(body);
    const id = crypto.randomUUID();
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        await this.checkFields(tx, body);
        const values = { id, ...this.fields(body), createdBy: actor.name };
        await this.repo.insertBatch(tx, values);
        return {
          activity: {
            action: 'batch.create',
            entityType: 'batch',
            entityId: id,
            after: values,
            summary: `${actor.name} created batch '${body.batchName}' (${body.batchCode})`,
          },
        };
      },
      onError: this.codeRace(body.batchCode),
    });
    return { batch: await this.byId(id), message: batchMessage('created', { batchName: body.batchName }) };
  }

  async update(actor: Actor, body: UpdateBatchBody): Promise<{ batch: Batch; message: string }> {
    checkDates(body);
    await changeAggregate(
      this.db,
      this.batchAggregate(body.batchId),
      { actor, id: body.batchId, version: body.version },
      {
        check: async (tx, row) => {
          if (row.status !== 'ACTIVE') throw fail(409, 'closedNoChange', { batchName: row.name });
          const students = await this.repo.studentCount(tx, row.id);
          if (body.capacity < students) throw fail(409, 'capacityBelowStudents', { count: students });
          await this.checkFields(tx, body, row.id);
        },
        apply: async ({ tx, row }) => {
          const values = this.fields(body);
          await this.repo.updateBatch(tx, row.id, values);
          const before = this.fields({
            batchName: row.name,
            batchCode: row.code,
            branchId: row.branchId,
            programId: row.programId,
            startDate: row.startDate,
            endDate: row.endDate,
            capacity: row.capacity,
          });
          return {
            activity: {
              action: 'batch.update',
              entityType: 'batch',
              entityId: row.id,
              before,
              after: values,
              summary: `${actor.name} updated batch '${body.batchName}' (${body.batchCode})`,
            },
          };
        },
        onError: this.codeRace(body.batchCode),
      },
    );
    return { batch: await this.byId(body.batchId), message: batchMessage('updated', { batchName: body.batchName }) };
  }

  async close(actor: Actor, batchId: string, version: number | undefined): Promise<{ batch: Batch; message: string }> {
    // No version sent: closing is one-way and needs no edit to protect, so the current one is taken.
    const seen = version ?? (await this.byId(batchId)).version;
    let name = '';
    await changeAggregate(
      this.db,
      this.batchAggregate(batchId),
      { actor, id: batchId, version: seen },
      {
        check: (_tx, row) => {
          if (row.status === 'CLOSED') throw fail(409, 'alreadyClosed', { batchName: row.name });
        },
        apply: async ({ tx, row }) => {
          name = row.name;
          await this.repo.updateBatch(tx, row.id, { status: 'CLOSED', closedAt: new Date(), closedBy: actor.name });
          return {
            activity: {
              action: 'batch.close',
              entityType: 'batch',
              entityId: row.id,
              before: { status: row.status },
              after: { status: 'CLOSED' },
              summary: `${actor.name} closed batch '${row.name}' (${row.code})`,
            },
          };
        },
      },
    );
    return { batch: await this.byId(batchId), message: batchMessage('closed', { batchName: name }) };
  }
}
