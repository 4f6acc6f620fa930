import {
  batchMessage,
  rowReason,
  sheetProblems,
  type BulkRowOutcome,
  type BulkRowResult,
  type SheetRow,
} from '@lectern/contract';

/**
 * Whether a sheet's name is the name of the student who already holds that mobile number. The same
 * when, ignoring case, dots and spacing, every word of the shorter name is a word of the longer one
 * or its initial: 'AARAV  MEHTA', 'Aarav K. Mehta' and 'A. Mehta' are Aarav Kumar Mehta; 'Rahul
 * Mehta' is not. A clearly different name is refused (nameDiffers) rather than guessed: the number
 * may have been typed on the wrong row (docs/domains/batches.md).
 */
export function sameStudentName(existing: string, sheet: string): boolean {
  const words = (name: string) =>
    name
      .toLowerCase()
      .replace(/[.,]/g, ' ')
      .split(/\s+/)
      .filter((w) => w.length > 0);
  const a = words(existing);
  const b = words(sheet);
  if (a.join('') === b.join('')) return true;
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  if (shorter.length === 0) return false;
  const left = [...longer];
  for (const word of shorter) {
    const at = left.findIndex(
      (w) => w === word || (word.length === 1 && w.startsWith(word)) || (w.length === 1 && word.startsWith(w)),
    );
    if (at < 0) return false;
    left.splice(at, 1);
  }
  return true;
}

/** What the database knows that decides a sheet's outcomes (read under the batch's lock on a real run). */
export interface UploadFacts {
  batch: { batchName: string; status: string; capacity: number; studentCount: number };
  /** mobile number -> the student who holds it */
  studentsByMobile: ReadonlyMap<string, { id: string; name: string }>;
  /** students (among those) already in the batch */
  members: ReadonlySet<string>;
  /** roll number (upper-case) -> who holds it in the batch */
  rollOwners: ReadonlyMap<string, { studentId: string; name: string }>;
}

/** A row the real run writes. */
export interface UploadWrite {
  index: number;
  /** the existing student, or null: a new one is made */
  studentId: string | null;
  name: string;
  mobileNumber: string;
  email: string | null;
  rollNumber: string | null;
}

/** The mobile numbers, roll numbers and checked rows of a sheet: what to look up before planning. */
export function readSheet(rows: readonly SheetRow[]) {
  const problems = sheetProblems(rows);
  const good = rows.flatMap((row, index) => (problems[index]!.length === 0 ? [index] : []));
  return {
    problems,
    mobiles: good.map((i) => rows[i]!.mobileNumber.trim()),
    rolls: good.flatMap((i) => {
      const roll = rows[i]!.rollNumber.trim().toUpperCase();
      return roll ? [roll] : [];
    }),
  };
}

/**
 * Every row's outcome, in the sheet's order, and the rows to write. The sheet's own problems come
 * first (all of them, joined); then the database: a number held by a clearly different name, a roll
 * number given to someone else in the batch, a closed batch, and seats: the good rows beyond the seats
 * left are errors. A dry run and a real run plan with this one function, so they answer the same.
 */
export function planUpload(
  rows: readonly SheetRow[],
  problems: readonly string[][],
  facts: UploadFacts,
): { results: BulkRowResult[]; writes: UploadWrite[] } {
  const { batch } = facts;
  let seatsLeft = Math.max(0, batch.capacity - batch.studentCount);
  const writes: UploadWrite[] = [];
  const results = rows.map((row, index): BulkRowResult => {
    const mobileNumber = row.mobileNumber.trim();
    const name = row.name.trim();
    const result = (outcome: BulkRowOutcome, reason: string | null, studentId: string | null): BulkRowResult => ({
      rowNumber: row.rowNumber,
      name,
      mobileNumber,
      outcome,
      reason,
      studentId,
    });
    const own = problems[index]!;
    if (own.length > 0) return result('ERROR', own.join(' '), null);
    const existing = facts.studentsByMobile.get(mobileNumber) ?? null;
    if (existing && !sameStudentName(existing.name, name)) {
      return result(
        'ERROR',
        rowReason('nameDiffers', { mobileNumber, existingName: existing.name, name }),
        existing.id,
      );
    }
    if (existing && facts.members.has(existing.id)) {
      return result(
        'ALREADY_IN_BATCH',
        batchMessage('studentAlreadyIn', { studentName: existing.name, batchName: batch.batchName }),
        existing.id,
      );
    }
    const roll = row.rollNumber.trim();
    const owner = roll ? facts.rollOwners.get(roll.toUpperCase()) : undefined;
    if (owner && owner.studentId !== existing?.id) {
      return result(
        'ERROR',
        batchMessage('rollNumberTaken', { rollNumber: roll, studentName: owner.name }),
        existing?.id ?? null,
      );
    }
    if (batch.status !== 'ACTIVE') {
      return result('ERROR', rowReason('batchClosed', { batchName: batch.batchName }), existing?.id ?? null);
    }
    if (seatsLeft === 0) {
      return result(
        'ERROR',
        rowReason('capacityFull', { batchName: batch.batchName, capacity: batch.capacity }),
        existing?.id ?? null,
      );
    }
    seatsLeft -= 1;
    writes.push({
      index,
      studentId: existing?.id ?? null,
      name,
      mobileNumber,
      email: row.email.trim() || null,
      rollNumber: roll || null,
    });
    return result(existing ? 'EXISTING_STUDENT_ADDED' : 'NEW_STUDENT', null, existing?.id ?? null);
  });
  return { results, writes };
}

/** How many rows ended each way. */
export function countOutcomes(results: readonly BulkRowResult[]): Record<BulkRowOutcome, number> {
  const counts: Record<BulkRowOutcome, number> = {
    NEW_STUDENT: 0,
    EXISTING_STUDENT_ADDED: 0,
    ALREADY_IN_BATCH: 0,
    ERROR: 0,
  };
  for (const r of results) counts[r.outcome] += 1;
  return counts;
}
