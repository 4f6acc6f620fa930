import type { Batch, BatchInfo, BatchMember, BatchStatus } from '@lectern/contract';
import type { BatchRecord, MemberRow } from './batches.repository';

export function toBatch(r: BatchRecord): Batch {
  return {
    batchId: r.row.id,
    batchName: r.row.name,
    batchCode: r.row.code,
    branchId: r.row.branchId,
    branchName: r.branchName,
    programId: r.row.programId,
    programName: r.programName,
    startDate: r.row.startDate,
    endDate: r.row.endDate,
    capacity: r.row.capacity,
    studentCount: r.studentCount,
    status: r.row.status as BatchStatus,
    closedAt: r.row.closedAt?.toISOString() ?? null,
    closedBy: r.row.closedBy,
    createdBy: r.row.createdBy,
    createdAt: r.row.createdAt.toISOString(),
    updatedAt: r.row.updatedAt.toISOString(),
    version: r.row.version,
  };
}

export function toInfo(r: BatchRecord): BatchInfo {
  return {
    batchId: r.row.id,
    batchName: r.row.name,
    batchCode: r.row.code,
    branchName: r.branchName,
    programName: r.programName,
    capacity: r.row.capacity,
    studentCount: r.studentCount,
  };
}

export function toMember(m: MemberRow): BatchMember {
  return { studentId: m.studentId, rollNumber: m.rollNumber, addedAt: m.addedAt.toISOString(), addedBy: m.addedBy };
}
