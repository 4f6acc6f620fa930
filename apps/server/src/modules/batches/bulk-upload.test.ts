import { rowReason, type SheetRow } from '@lectern/contract';
import { describe, expect, it } from 'vitest';
import { planUpload, readSheet, sameStudentName, type UploadFacts } from './bulk-upload';

describe('sameStudentName', () => {
  it.each([
    ['Aarav Kumar Mehta', 'Aarav Kumar Mehta', true],
    ['Aarav Kumar Mehta', '  AARAV   kumar mehta ', true],
    ['Aarav Kumar Mehta', 'Aarav Mehta', true],
    ['Aarav Kumar Mehta', 'Aarav K. Mehta', true],
    ['Aarav Kumar Mehta', 'A. Mehta', true],
    ['Aarav Mehta', 'AaravMehta', true],
    ['Aarav Mehta', 'Rahul Mehta', false],
    ['Aarav Mehta', 'Aarav Sharma', false],
    ['Aarav Mehta', 'Aarav Mehta Sharma Iyer', true],
    ['Aarav Mehta', '', false],
  ])('%j and %j: %s', (existing, sheet, same) => {
    expect(sameStudentName(existing, sheet)).toBe(same);
  });
});

const row = (rowNumber: number, name: string, mobileNumber: string, rollNumber = ''): SheetRow => ({
  rowNumber,
  name,
  mobileNumber,
  email: '',
  rollNumber,
});

const facts = (over: Partial<UploadFacts> = {}, batch: Partial<UploadFacts['batch']> = {}): UploadFacts => ({
  batch: { batchName: 'NEET 2027 Morning', status: 'ACTIVE', capacity: 10, studentCount: 0, ...batch },
  studentsByMobile: new Map(),
  members: new Set(),
  rollOwners: new Map(),
  ...over,
});

describe('planUpload', () => {
  const rows = [
    row(2, 'Diya Nair', '9876500001'),
    row(3, 'Kabir Khan', '9876500002', 'N-1'),
    row(4, 'Meera Iyer', '9876500003'),
    row(5, 'Bad Row', '12345'),
  ];
  const plan = (f: UploadFacts) => planUpload(rows, readSheet(rows).problems, f);

  it('writes the good rows and marks the bad one, in the sheet order', () => {
    const { results, writes } = plan(facts());
    expect(results.map((r) => r.outcome)).toEqual(['NEW_STUDENT', 'NEW_STUDENT', 'NEW_STUDENT', 'ERROR']);
    expect(results[3]!.reason).toBe(rowReason('mobileInvalid', { mobileNumber: '12345' }));
    expect(writes.map((w) => [w.index, w.rollNumber])).toEqual([
      [0, null],
      [1, 'N-1'],
      [2, null],
    ]);
  });

  it('adds existing students, skips members and refuses a clearly different name', () => {
    const { results, writes } = plan(
      facts({
        studentsByMobile: new Map([
          ['9876500001', { id: 's1', name: 'Diya R. Nair' }],
          ['9876500002', { id: 's2', name: 'Kabir Khan' }],
          ['9876500003', { id: 's3', name: 'Ishaan Verma' }],
        ]),
        members: new Set(['s2']),
      }),
    );
    expect(results.map((r) => [r.outcome, r.studentId])).toEqual([
      ['EXISTING_STUDENT_ADDED', 's1'],
      ['ALREADY_IN_BATCH', 's2'],
      ['ERROR', 's3'],
      ['ERROR', null],
    ]);
    expect(results[2]!.reason).toBe(
      rowReason('nameDiffers', { mobileNumber: '9876500003', existingName: 'Ishaan Verma', name: 'Meera Iyer' }),
    );
    expect(writes.map((w) => w.studentId)).toEqual(['s1']);
  });

  it('fills the seats left and refuses the rest; a closed batch takes none', () => {
    const full = plan(facts({}, { capacity: 10, studentCount: 8 }));
    expect(full.results.map((r) => r.outcome)).toEqual(['NEW_STUDENT', 'NEW_STUDENT', 'ERROR', 'ERROR']);
    expect(full.results[2]!.reason).toBe(rowReason('capacityFull', { batchName: 'NEET 2027 Morning', capacity: 10 }));
    const closed = plan(facts({}, { status: 'CLOSED' }));
    expect(closed.writes).toEqual([]);
    expect(closed.results[0]!.reason).toBe(rowReason('batchClosed', { batchName: 'NEET 2027 Morning' }));
  });
});
