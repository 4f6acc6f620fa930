import type { Batch, BatchInfo, Branch, Group, Program, Student } from '@lectern/contract';

export const BRANCHES: Branch[] = [
  {
    branchId: 'br-kota',
    branchName: 'Kota',
    city: 'Kota',
    batchCount: 2,
    createdAt: '2026-05-01T10:00:00.000Z',
    createdBy: 'Asha',
  },
  {
    branchId: 'br-pune',
    branchName: 'Pune Camp',
    city: 'Pune',
    batchCount: 1,
    createdAt: '2026-05-01T10:00:00.000Z',
    createdBy: 'Asha',
  },
];

export const PROGRAMS: Program[] = [
  {
    programId: 'pr-jee',
    programName: 'JEE 2027',
    batchCount: 2,
    createdAt: '2026-05-01T10:00:00.000Z',
    createdBy: 'Asha',
  },
  {
    programId: 'pr-neet',
    programName: 'NEET 2027',
    batchCount: 1,
    createdAt: '2026-05-01T10:00:00.000Z',
    createdBy: 'Asha',
  },
];

export function batch(batchId: string, batchName: string, extra: Partial<Batch> = {}): Batch {
  return {
    batchId,
    batchName,
    batchCode: batchId.toUpperCase(),
    branchId: 'br-kota',
    branchName: 'Kota',
    programId: 'pr-jee',
    programName: 'JEE 2027',
    startDate: '2026-06-01',
    endDate: '2027-03-31',
    capacity: 40,
    studentCount: 2,
    status: 'ACTIVE',
    closedAt: null,
    closedBy: null,
    createdBy: 'Asha Rani Verma',
    createdAt: '2026-05-10T10:00:00.000Z',
    updatedAt: '2026-05-10T10:00:00.000Z',
    version: 3,
    ...extra,
  };
}

export const BATCHES: Batch[] = [
  batch('jee27-kota-m', 'JEE 2027 Morning'),
  batch('jee27-kota-e', 'JEE 2027 Evening', { capacity: 2, studentCount: 2 }),
  batch('neet27-pune', 'NEET 2027 Pune', {
    branchId: 'br-pune',
    branchName: 'Pune Camp',
    programId: 'pr-neet',
    programName: 'NEET 2027',
  }),
  batch('jee26-kota', 'JEE 2026 Droppers', {
    status: 'CLOSED',
    closedAt: '2026-04-01T10:00:00.000Z',
    closedBy: 'Asha',
  }),
];

export const info = (b: Batch): BatchInfo => ({
  batchId: b.batchId,
  batchName: b.batchName,
  batchCode: b.batchCode,
  branchName: b.branchName,
  programName: b.programName,
  capacity: b.capacity,
  studentCount: b.studentCount,
});

export function student(studentId: string, name: string, mobileNumber: string, email: string | null = null): Student {
  return {
    studentId,
    name,
    mobileNumber,
    email,
    emailVerified: false,
    emailVerification: null,
    stateCode: '08',
    gstin: null,
    addresses: [],
    createdAt: '2026-05-01T10:00:00.000Z',
  };
}

export const STUDENTS: Student[] = [
  student('st-aarav', 'Aarav Mehta', '9876543210', 'aarav.mehta@example.in'),
  student('st-riya', 'Riya Sharma', '9876543211'),
];

export const GROUPS: Group[] = [
  {
    groupId: 'gr-kota',
    groupName: 'Kota mornings',
    description: 'Every morning batch at Kota',
    batches: [info(BATCHES[0]!)],
    createdBy: 'Asha',
    createdAt: '2026-05-10T10:00:00.000Z',
    updatedAt: '2026-05-10T10:00:00.000Z',
    version: 1,
  },
];
