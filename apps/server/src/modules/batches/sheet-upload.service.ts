import crypto from 'node:crypto';
import {
  BATCH_MESSAGES,
  batchMessage,
  plural,
  type BulkUploadBody,
  type BulkUploadResult,
  type SheetRow,
} from '@lectern/contract';
import type { Db } from '../../db/client';
import { recordChange } from '../../lib/aggregate';
import { failWith } from '../../lib/app-error';
import type { Actor } from '../../lib/routing';
import type { StudentsDirectory } from '../students';
import type { BatchRow, BatchesRepository } from './batches.repository';
import { countOutcomes, planUpload, readSheet, type UploadFacts } from './bulk-upload';

const fail = failWith(BATCH_MESSAGES);

/** A sheet of students into a batch: the database half of bulk-upload.ts's rules (spec 2 §8). */
export class SheetUploadService {
  constructor(
    private readonly db: Db,
    private readonly repo: BatchesRepository,
    private readonly students: StudentsDirectory,
    /** the state code given to students a sheet creates (the company's own state: no address to go by) */
    private readonly newStudentStateCode: string,
  ) {}

  /** What the database says about a sheet's good rows, read in `tx` (under the batch's lock on a real run). */
  private async facts(tx: Db, batch: BatchRow, mobiles: string[], rolls: string[]): Promise<UploadFacts> {
    const found = await this.students.byMobiles(tx, mobiles);
    const studentsByMobile = new Map(found.map((s) => [s.mobileNumber, { id: s.id, name: s.name }]));
    return {
      batch: {
        batchName: batch.name,
        status: batch.status,
        capacity: batch.capacity,
        studentCount: await this.repo.studentCount(tx, batch.id),
      },
      studentsByMobile,
      members: await this.repo.membersAmong(
        tx,
        batch.id,
        found.map((s) => s.id),
      ),
      rollOwners: await this.repo.rollOwners(tx, batch.id, rolls),
    };
  }

  /**
   * Students from a sheet into a batch. Every row is checked with the sheet rules first, then against
   * the database in a handful of statements whatever the sheet's length. A dry run reads and answers;
   * a real run does the same under the batch's lock (two uploads queue, so they cannot overfill it)
   * and writes every good row in that one transaction: new students in one insert, their places in
   * another. Already in the batch is an outcome, not a write: the same sheet twice adds nobody twice.
   */
  async bulkUpload(actor: Actor, body: BulkUploadBody): Promise<BulkUploadResult> {
    const rows: SheetRow[] = body.rows;
    const sheet = readSheet(rows);
    let result: BulkUploadResult | undefined;
    const run = async (tx: Db, batch: BatchRow) => {
      const facts = await this.facts(tx, batch, sheet.mobiles, sheet.rolls);
      return { facts, ...planUpload(rows, sheet.problems, facts) };
    };
    const answer = (batch: BatchRow, results: BulkUploadResult['rows']): BulkUploadResult => {
      const counts = countOutcomes(results);
      return {
        dryRun: body.dryRun,
        batchId: batch.id,
        counts,
        rows: results,
        message: batchMessage(body.dryRun ? 'uploadDryRun' : 'uploadDone', {
          added: counts.NEW_STUDENT + counts.EXISTING_STUDENT_ADDED,
          created: counts.NEW_STUDENT,
          batchName: batch.name,
          skipped: counts.ALREADY_IN_BATCH + counts.ERROR,
        }),
      };
    };

    if (body.dryRun) {
      const row = (await this.repo.byId(body.batchId))?.row;
      if (!row) throw fail(404, 'notFound', { batchId: body.batchId });
      const { results } = await run(this.db, row);
      return answer(row, results);
    }

    await recordChange(this.db, actor, {
      apply: async (tx) => {
        const batch = await this.repo.lock(tx, body.batchId);
        if (!batch) throw fail(404, 'notFound', { batchId: body.batchId });
        const { results, writes } = await run(tx, batch);
        const fresh = writes.filter((w) => w.studentId === null);
        const made = fresh.map((w) => ({
          id: crypto.randomUUID(),
          name: w.name,
          mobileNumber: w.mobileNumber,
          email: w.email,
          stateCode: this.newStudentStateCode,
        }));
        const inserted = new Set(await this.students.insertMany(tx, made));
        const ids = new Map<string, string>(
          made.filter((m) => inserted.has(m.mobileNumber)).map((m) => [m.mobileNumber, m.id]),
        );
        // A number another upload created since the read (never under this batch's lock, but another
        // batch's): that student is used, as a second run would.
        const raced = made.filter((m) => !inserted.has(m.mobileNumber)).map((m) => m.mobileNumber);
        for (const s of await this.students.byMobiles(tx, raced)) ids.set(s.mobileNumber, s.id);
        const members = writes.map((w) => ({
          studentId: w.studentId ?? ids.get(w.mobileNumber)!,
          rollNumber: w.rollNumber,
        }));
        await this.repo.addMembers(tx, batch.id, members, actor.name);
        for (const w of fresh) {
          const r = results[w.index]!;
          results[w.index] = {
            ...r,
            studentId: ids.get(w.mobileNumber) ?? null,
            outcome: inserted.has(w.mobileNumber) ? r.outcome : 'EXISTING_STUDENT_ADDED',
          };
        }
        result = answer(batch, results);
        return {
          activity: {
            action: 'batch.students.upload',
            entityType: 'batch',
            entityId: batch.id,
            after: { rows: rows.length, counts: result.counts },
            summary: `${actor.name} uploaded a sheet of ${plural(rows.length, 'row')} to batch '${batch.name}': ${result.message}`,
          },
        };
      },
    });
    return result!;
  }
}
