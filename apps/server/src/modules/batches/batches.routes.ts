import type { FastifyInstance } from 'fastify';
import { BULK_UPLOAD_COLUMNS, contract } from '@lectern/contract';
import type { AppDeps } from '../../lib/deps';
import { registerDomain } from '../../lib/routing';
import type { StudentsDirectory } from '../students';
import { BatchesRepository } from './batches.repository';
import { BatchesService } from './batches.service';
import { GroupsService } from './groups.service';
import { MembershipService } from './membership.service';
import { ReferenceDataService } from './reference-data.service';
import { sampleUploadSheet } from './sample-sheet';
import { SheetUploadService } from './sheet-upload.service';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `students`: the students module's, to find, name and add the students of a batch. */
export function batchesRoutes(app: FastifyInstance, deps: AppDeps, students: StudentsDirectory): void {
  const repo = new BatchesRepository(deps.db);
  const service = new BatchesService(deps.db, repo);
  const reference = new ReferenceDataService(deps.db, repo);
  const membership = new MembershipService(deps.db, repo, students);
  const upload = new SheetUploadService(deps.db, repo, students, deps.config.invoicing.supplierStateCode);
  const groups = new GroupsService(deps.db, repo);
  registerDomain(app, deps, contract.batches, {
    page: async ({ query }) => ({ data: await service.page(query.page, query.size) }),
    byStatus: async ({ params }) => ({ data: await service.byStatus(params.status) }),
    infoByStatus: async ({ params }) => ({ data: await service.infoByStatus(params.status) }),
    create: async ({ auth, body }) => {
      const { batch, message } = await service.create(auth, body);
      return { data: batch, message };
    },
    update: async ({ auth, body }) => {
      const { batch, message } = await service.update(auth, body);
      return { data: batch, message };
    },
    close: async ({ auth, params, body }) => {
      const { batch, message } = await service.close(auth, params.batchId, body.version);
      return { data: batch, message };
    },
    byId: async ({ params }) => ({ data: await service.byId(params.batchId) }),
    branches: async () => ({ data: { data: await reference.branches() } }),
    createBranch: async ({ auth, body }) => {
      const { branch, message } = await reference.createBranch(auth, body);
      return { data: branch, message };
    },
    programs: async () => ({ data: { data: await reference.programs() } }),
    createProgram: async ({ auth, body }) => {
      const { program, message } = await reference.createProgram(auth, body);
      return { data: program, message };
    },
    bulkUpload: async ({ auth, body }) => {
      const result = await upload.bulkUpload(auth, body);
      return { data: result, message: result.message };
    },
    sampleUpload: async () => ({
      data: { columns: [...BULK_UPLOAD_COLUMNS] },
      headers: {
        'content-disposition': 'attachment; filename="lectern-batch-students-sample.xlsx"',
        'cache-control': 'private, no-store',
      },
      file: { body: await sampleUploadSheet(), contentType: XLSX },
    }),
    moveStudents: async ({ auth, body }) => {
      const result = await membership.move(auth, body);
      return { data: result, message: result.message };
    },
    studentIds: async ({ params }) => ({ data: await membership.studentIds(params.batchId) }),
    addStudent: async ({ auth, params, body }) => {
      const { member, message } = await membership.addStudent(auth, params.batchId, body);
      return { data: member, message };
    },
    removeStudent: async ({ auth, params }) => {
      const { message } = await membership.removeStudent(auth, params.batchId, params.studentId);
      return { data: { removed: true as const }, message };
    },
    groups: async () => ({ data: await groups.groups() }),
    createGroup: async ({ auth, body }) => {
      const { group, message } = await groups.createGroup(auth, body);
      return { data: group, message };
    },
    updateGroup: async ({ auth, body }) => {
      const { group, message } = await groups.updateGroup(auth, body);
      return { data: group, message };
    },
    group: async ({ params }) => ({ data: await groups.group(params.groupId) }),
    deleteGroup: async ({ auth, params }) => {
      const { message } = await groups.deleteGroup(auth, params.groupId);
      return { data: { deleted: true as const }, message };
    },
  });
}
