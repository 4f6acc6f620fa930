import { fillMessage } from '../errors';
import { isValidMobileNumber } from '../validation';

// The rules of batches as pure functions (spec 2 §4, §7 "Batches and groups", DESIGN §9 "State
// machines"): the server applies them inside its transaction, the screen uses them to read a sheet,
// suggest fixes and enable its actions, and the tests walk them as tables.

/** ACTIVE -close-> CLOSED; a closed batch takes no new students and no new live classes. */
export const BATCH_STATUSES = ['ACTIVE', 'CLOSED'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

/** A batch code as printed on timetables: upper-case letters, digits and hyphens, 2 to 30. */
export const BATCH_CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{1,29}$/;
export const BATCH_CAPACITY_MAX = 5000;

/** The columns of the sample spreadsheet, in its order. Name and Mobile Number are required. */
export const BULK_UPLOAD_COLUMNS = ['Name', 'Mobile Number', 'Email', 'Roll Number'] as const;
export type BulkUploadColumn = (typeof BULK_UPLOAD_COLUMNS)[number];
/** One upload takes at most this many rows; a longer sheet is refused before anything is read into the batch. */
export const BULK_UPLOAD_MAX_ROWS = 10_000;
/** An .xlsx whose parts would unpack to more than this is refused (a zip bomb or not a student sheet). */
export const BULK_UPLOAD_MAX_UNPACKED_BYTES = 50 * 1024 * 1024;
/** The file itself, as dropped. */
export const BULK_UPLOAD_MAX_FILE_BYTES = 5 * 1024 * 1024;
export const ROLL_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9/-]{0,19}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What a row of a bulk upload does (or would do, on a dry run). */
export const BULK_ROW_OUTCOMES = ['NEW_STUDENT', 'EXISTING_STUDENT_ADDED', 'ALREADY_IN_BATCH', 'ERROR'] as const;
export type BulkRowOutcome = (typeof BULK_ROW_OUTCOMES)[number];

/** Messages of batches (Lectern's own: spec 2 §8 gives only the shape 'For {name} {reason}'). Fill with fillMessage. */
export const BATCH_MESSAGES = {
  created: "Batch '[batchName]' was created.",
  updated: "Batch '[batchName]' was updated.",
  closed: "Batch '[batchName]' is closed: it takes no new students and no new live classes.",
  alreadyClosed: "Batch '[batchName]' is already closed.",
  closedNoChange: "Batch '[batchName]' is closed and cannot be changed.",
  closedNoStudents: "batch '[batchName]' is closed.",
  capacityFull: "batch '[batchName]' is full ([capacity|student]).",
  capacityBelowStudents: 'The capacity cannot be less than the [count|student] already in the batch.',
  codeTaken: "The batch code '[batchCode]' is already used by batch '[batchName]'.",
  endBeforeStart: 'The end date must be on or after the start date.',
  notFound: 'Batch [batchId] does not exist.',
  branchCreated: "Branch '[branchName]' was created.",
  branchTaken: "A branch named '[branchName]' already exists.",
  programCreated: "Program '[programName]' was created.",
  programTaken: "A program named '[programName]' already exists.",
  branchNotFound: 'Branch [branchId] does not exist.',
  programNotFound: 'Program [programId] does not exist.',
  groupCreated: "Group '[groupName]' was created.",
  groupUpdated: "Group '[groupName]' was updated.",
  groupDeleted: "Group '[groupName]' was deleted.",
  groupTaken: "A group named '[groupName]' already exists.",
  groupNotFound: 'Group [groupId] does not exist.',
  groupNeedsBatch: 'A group needs at least one batch.',
  moved: '[count|student] moved to [batchName].',
  movedWithFailures: '[count|student] moved to [batchName]; [failed] could not be moved.',
  noneMoved: 'No student was moved to [batchName].',
  moveTargetFull:
    "Batch '[batchName]' has no free seat ([studentCount] / [capacity]): no one was moved. Raise its capacity or choose another batch.",
  sameBatch: 'The students are already in this batch: choose another one.',
  notInOldBatch: "is not in batch '[batchName]'.",
  studentMissing: 'does not exist.',
  studentAdded: '[studentName] was added to [batchName].',
  studentAlreadyIn: '[studentName] is already in [batchName].',
  studentRemoved: '[studentName] was removed from [batchName].',
  studentNotInBatch: "[studentName] is not in batch '[batchName]'.",
  noStudentForMobile: 'No student has the mobile number [mobileNumber]. Add them with a bulk upload.',
  uploadDone: '[added|student] added to [batchName] ([created] new); [skipped|row] left out.',
  /** a dry run writes nothing: it says what the upload would do */
  uploadDryRun: '[added|student] would be added to [batchName] ([created] new); [skipped|row] would be left out.',
  uploadTooManyRows: 'A sheet may hold at most [max] rows; this one has [count]. Split it and upload each part.',
  uploadNoRows: 'The sheet has no student rows under its header.',
  rollNumberTaken: 'roll number [rollNumber] is already given to [studentName] in this batch.',
} as const;

/** Reasons one row of a sheet cannot be taken (each shown beside its row and in the rejected-rows sheet). */
export const BULK_ROW_REASONS = {
  nameMissing: 'The name is missing.',
  nameTooLong: 'The name is longer than 100 characters.',
  mobileMissing: 'The mobile number is missing.',
  mobileInvalid: "'[mobileNumber]' is not a mobile number: it needs 10 digits starting with 6, 7, 8 or 9.",
  mobileLostDigits:
    "'[mobileNumber]' lost its digits when the sheet showed it in scientific notation: format the column as Text and type the number again.",
  emailInvalid: "'[email]' is not an e-mail address.",
  rollNumberInvalid: "'[rollNumber]' is not a roll number: up to 20 letters, digits, '/' or '-'.",
  duplicateInSheet: 'The mobile number [mobileNumber] is also on row [otherRow] of this sheet.',
  rollNumberInSheet: 'The roll number [rollNumber] is also on row [otherRow] of this sheet.',
  nameDiffers: "[mobileNumber] belongs to '[existingName]', not '[name]': check the row.",
  batchClosed: "batch '[batchName]' is closed.",
  capacityFull: "batch '[batchName]' is full ([capacity|student]).",
} as const;

export const batchMessage = (key: keyof typeof BATCH_MESSAGES, values: Record<string, string | number>): string =>
  fillMessage(BATCH_MESSAGES[key], values);
export const rowReason = (key: keyof typeof BULK_ROW_REASONS, values: Record<string, string | number> = {}): string =>
  fillMessage(BULK_ROW_REASONS[key], values);

/** The message for one failed student as spec 2 §8 words it: 'For {name} {reason}', or the reason alone. */
export function failureLine(failure: { name?: string | null; reason: string }): string {
  return failure.name ? `For ${failure.name} ${failure.reason}` : failure.reason;
}

/** A suggested fix for a mobile-number cell as spreadsheets mangle it; null when it is fine or beyond repair. */
export interface MobileFix {
  /** the cell as read */
  from: string;
  /** the 10-digit number it most likely means */
  to: string;
  /** why: shown beside the row, the user accepts it or edits the sheet */
  why: string;
}

export interface MobileCell {
  /** the number to send: the fix's when one is accepted, else the cell as read */
  value: string;
  fix: MobileFix | null;
  /** the cell is in scientific notation with too few digits to hold a mobile number ('9.87E+09') */
  lostDigits: boolean;
}

/**
 * Reads a mobile-number cell the way staff type it: '+91 98765 43210', '098765 43210', '9.87654321E9'
 * (a number a spreadsheet stored as a float), '98765-43210'. Returns the number as it stands when it is
 * already right, a fix when one clear change makes it right, and neither when it cannot be a number.
 */
export function readMobileCell(cell: unknown): MobileCell {
  const raw = typeof cell === 'number' ? String(cell) : String(cell ?? '').trim();
  if (isValidMobileNumber(raw)) return { value: raw, fix: null, lostDigits: false };
  let digits = raw;
  const reasons: string[] = [];
  if (/^[0-9.]+e\+?[0-9]+$/i.test(raw)) {
    const n = Number(raw);
    const significant = raw.split(/e/i)[0]!.replace('.', '').replace(/^0+/, '').length;
    // '9.87654321E9' still holds the number; '9.87E+09' (a narrow column saved as CSV) has lost digits
    if (!Number.isSafeInteger(n) || significant < 9) return { value: raw, fix: null, lostDigits: true };
    digits = String(n);
    reasons.push('the sheet stored it as a number in scientific notation: check it');
  }
  if (/[\s().-]/.test(digits)) {
    digits = digits.replace(/[\s().-]/g, '');
    reasons.push('spaces or dashes removed');
  }
  if (/^\+?91[6-9][0-9]{9}$/.test(digits)) {
    digits = digits.replace(/^\+?91/, '');
    reasons.push("'+91' removed");
  } else if (/^0[6-9][0-9]{9}$/.test(digits)) {
    digits = digits.slice(1);
    reasons.push('leading 0 removed');
  }
  if (reasons.length > 0 && isValidMobileNumber(digits)) {
    return { value: digits, fix: { from: raw, to: digits, why: capitalise(reasons.join('; ')) }, lostDigits: false };
  }
  return { value: raw, fix: null, lostDigits: false };
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** One row of a sheet as the browser read it (cells trimmed, the mobile number after any accepted fix). */
export interface SheetRow {
  rowNumber: number;
  name: string;
  mobileNumber: string;
  email: string;
  rollNumber: string;
}

/**
 * What is wrong with a row on its own and against the rows above it in the same sheet: the reasons,
 * or an empty list. The server runs it on every row it is sent (dry run or real) before looking at
 * the database; the screen runs it to mark rows before it asks.
 */
export function rowProblems(
  row: SheetRow,
  earlier: ReadonlyMap<string, number>,
  earlierRolls: ReadonlyMap<string, number>,
): string[] {
  const problems: string[] = [];
  const name = row.name.trim();
  if (!name) problems.push(rowReason('nameMissing'));
  else if (name.length > 100) problems.push(rowReason('nameTooLong'));
  const mobile = row.mobileNumber.trim();
  if (!mobile) problems.push(rowReason('mobileMissing'));
  else if (!isValidMobileNumber(mobile)) problems.push(rowReason('mobileInvalid', { mobileNumber: mobile }));
  else if (earlier.has(mobile)) {
    problems.push(rowReason('duplicateInSheet', { mobileNumber: mobile, otherRow: earlier.get(mobile)! }));
  }
  const email = row.email.trim();
  if (email && (email.length > 254 || !EMAIL_PATTERN.test(email))) problems.push(rowReason('emailInvalid', { email }));
  const roll = row.rollNumber.trim();
  if (roll && !ROLL_NUMBER_PATTERN.test(roll)) problems.push(rowReason('rollNumberInvalid', { rollNumber: roll }));
  else if (roll && earlierRolls.has(roll.toUpperCase())) {
    problems.push(
      rowReason('rollNumberInSheet', { rollNumber: roll, otherRow: earlierRolls.get(roll.toUpperCase())! }),
    );
  }
  return problems;
}

/** rowProblems for a whole sheet, in order: each row's reasons (empty when it is fine). */
export function sheetProblems(rows: readonly SheetRow[]): string[][] {
  const mobiles = new Map<string, number>();
  const rolls = new Map<string, number>();
  return rows.map((row) => {
    const problems = rowProblems(row, mobiles, rolls);
    const mobile = row.mobileNumber.trim();
    if (mobile && !mobiles.has(mobile)) mobiles.set(mobile, row.rowNumber);
    const roll = row.rollNumber.trim().toUpperCase();
    if (roll && !rolls.has(roll)) rolls.set(roll, row.rowNumber);
    return problems;
  });
}
