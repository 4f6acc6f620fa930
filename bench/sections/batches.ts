import { DEMO_STAFF, type BulkUploadBody } from '@lectern/contract';
import { openDatabase, type Database } from '../../apps/server/src/db/client';
import { migrate } from '../../apps/server/src/db/migrate';
import { BatchesRepository } from '../../apps/server/src/modules/batches/batches.repository';
import { SheetUploadService } from '../../apps/server/src/modules/batches/sheet-upload.service';
import { StudentsRepository } from '../../apps/server/src/modules/students/students.repository';
import { seedDemoData } from '../../apps/server/src/seed/demo-seed';
import { createScratchDatabase } from '../lib/console';
import { fmt, type BenchRow } from '../report';

/**
 * Bulk student upload (issue 18): a 10,000-row sheet through the batches service (the code the API
 * route calls), as a dry run and as a real upload, against plain SQL of the same rows: the one
 * lookup of the dry run, and a bulk insert of the same students and places in one transaction.
 * In-process, on a fresh database of each driver (no large seed needed): BENCH_ONLY=batches.
 */
export const SHEET_ROWS = 10_000;
const RUNS = 3;

type Driver = 'pglite' | 'postgres';
const NAME = { pglite: 'PGlite', postgres: 'PostgreSQL' } as const;
const FIRST = ['Aarav', 'Vihaan', 'Ishaan', 'Diya', 'Anika', 'Kabir', 'Meera', 'Arjun', 'Saanvi', 'Reyansh'];
const LAST = ['Sharma', 'Iyer', 'Reddy', 'Nair', 'Gupta', 'Khan', 'Patel', 'Das', 'Joshi', 'Menon'];

/** A sheet of good rows with numbers of their own (`run` keeps each run's numbers apart). */
function sheet(run: number): BulkUploadBody['rows'] {
  return Array.from({ length: SHEET_ROWS }, (_, i) => ({
    rowNumber: i + 2,
    name: `${FIRST[i % 10]} ${LAST[Math.floor(i / 10) % 10]}`,
    mobileNumber: String(6_100_000_000 + run * 100_000 + i),
    email: i % 3 === 0 ? `student${run}.${i}@example.in` : '',
    rollNumber: i % 4 === 0 ? '' : `B${run}-${i}`,
  }));
}

/** A branch, a program and `n` empty batches of 10,000 seats (more than a form allows: the bench's fixture). */
async function fixtures(database: Database, n: number): Promise<string[]> {
  await database.exec(`
    INSERT INTO branches (id, name, city) VALUES ('bench-branch', 'Bench Branch', 'Kota');
    INSERT INTO programs (id, name) VALUES ('bench-program', 'Bench Program');`);
  const ids = Array.from({ length: n }, (_, i) => `bench-batch-${i}`);
  for (const id of ids) {
    await database.query(
      `INSERT INTO batches (id, name, code, branch_id, program_id, start_date, end_date, capacity)
       VALUES ($1, $1, upper($1), 'bench-branch', 'bench-program', '2026-06-01', '2027-05-31', $2)`,
      [id, SHEET_ROWS],
    );
  }
  return ids;
}

const seconds = async (fn: () => Promise<unknown>) => {
  const at = performance.now();
  await fn();
  return (performance.now() - at) / 1000;
};

interface Figures {
  driver: Driver;
  dry: number;
  dryBase: number;
  real: number;
  realBase: number;
  written: number;
}

async function measure(driver: Driver, database: Database): Promise<Figures> {
  await migrate(database);
  await seedDemoData(database.db);
  const batchIds = await fixtures(database, 2 * RUNS);
  const staff = DEMO_STAFF.find((s) => s.role === 'CONTENT_ADMIN')!;
  const [user] = await database.query<{ id: string }>('SELECT id FROM users WHERE phone = $1', [staff.phone]);
  const actor = { userId: user!.id, name: `${staff.firstName} ${staff.lastName}`, roles: [staff.role] };
  const service = new SheetUploadService(
    database.db,
    new BatchesRepository(database.db),
    new StudentsRepository(database.db),
    '29',
  );

  // dry runs of one sheet (nothing written: best of RUNS)
  const dry: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    dry.push(await seconds(() => service.bulkUpload(actor, { batchId: batchIds[0]!, dryRun: true, rows: sheet(0) })));
  }
  // plain SQL of the dry run's rows: the one lookup of the sheet's numbers
  const lookup = sheet(0).map((r) => r.mobileNumber);
  const dryBase: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    dryBase.push(
      await seconds(() =>
        database.query('SELECT id, name, mobile_number FROM students WHERE mobile_number = ANY($1::text[])', [lookup]),
      ),
    );
  }
  // real uploads: a sheet of new students each, into an empty batch each
  const real: number[] = [];
  let written = 0;
  for (let run = 0; run < RUNS; run++) {
    real.push(
      await seconds(async () => {
        const result = await service.bulkUpload(actor, { batchId: batchIds[run]!, dryRun: false, rows: sheet(run) });
        written = result.counts.NEW_STUDENT;
      }),
    );
  }
  if (written !== SHEET_ROWS) throw new Error(`the real upload wrote ${written} of ${SHEET_ROWS} rows`);

  // plain SQL of the same rows: one transaction of two bulk inserts, into batches of their own
  const realBase: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const rows = sheet(RUNS + run);
    const ids = rows.map((_, i) => `bench-sql-${run}-${i}`);
    realBase.push(
      await seconds(() =>
        database.transaction(async (query) => {
          await query(
            `INSERT INTO students (id, name, mobile_number, email, state_code)
             SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])`,
            [
              ids,
              rows.map((r) => r.name),
              rows.map((r) => r.mobileNumber),
              rows.map((r) => r.email || null),
              rows.map(() => '29'),
            ],
          );
          await query(
            `INSERT INTO batch_students (batch_id, student_id, roll_number, added_by)
             SELECT $1, s, r, 'bench' FROM unnest($2::text[], $3::text[]) AS m(s, r)`,
            [batchIds[RUNS + run]!, ids, rows.map((r) => r.rollNumber || null)],
          );
        }),
      ),
    );
  }
  const best = (values: number[]) => SHEET_ROWS / Math.min(...values);
  return { driver, dry: best(dry), dryBase: best(dryBase), real: best(real), realBase: best(realBase), written };
}

function rows(f: Figures): BenchRow[] {
  const db = NAME[f.driver];
  return [
    {
      section: 'Bulk student upload',
      figure: `dry run of a ${fmt(SHEET_ROWS)}-row sheet (${db})`,
      ours: f.dry,
      baseline: f.dryBase,
      unit: 'rows/s',
      budget: null,
      note: `BatchesService.bulkUpload (what POST /batch/bulkUpload calls), every row checked with the contract's sheet rules then looked up; best of ${RUNS}; baseline: the one SELECT of the sheet's numbers (= ANY)`,
    },
    {
      section: 'Bulk student upload',
      figure: `real upload of a ${fmt(SHEET_ROWS)}-row sheet, all new students (${db})`,
      ours: f.real,
      baseline: f.realBase,
      unit: 'rows/s',
      budget: null,
      note: `${fmt(f.written)} students and places written in one transaction under the batch's lock, with the activity row; best of ${RUNS}; baseline: plain SQL bulk insert of the same rows (students, then places, one transaction)`,
    },
  ];
}

/** The bulk upload figures on PGlite, and on PostgreSQL when `databaseUrl` is given. */
export async function batchesSection(
  databaseUrl: string | undefined,
  log: (line: string) => void,
): Promise<BenchRow[]> {
  const out: BenchRow[] = [];
  log('bulk upload on PGlite');
  const pglite = await openDatabase({});
  try {
    out.push(...rows(await measure('pglite', pglite)));
  } finally {
    await pglite.close();
  }
  if (databaseUrl) {
    log('bulk upload on PostgreSQL');
    const scratch = await createScratchDatabase(databaseUrl);
    const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 5 });
    try {
      out.push(...rows(await measure('postgres', database)));
    } finally {
      await database.close();
      await scratch.drop();
    }
  }
  return out;
}
