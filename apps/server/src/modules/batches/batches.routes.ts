import type { FastifyInstance } from 'fastify';
import { BULK_UPLOAD_COLUMNS, contract } from '@lectern/contract';
import type { AppDeps } from '../../lib/deps';
import { registerDomain } from '../../lib/routing';
import { StudentsRepository } from '../students/students.repository';
import { BatchesRepository } from './batches.repository';
import { BatchesService } from './batches.service';
import { sampleUploadSheet } from './sample-sheet';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function batchesRoutes(app: FastifyInstance, deps: AppDeps): void {
  const service = new BatchesService(
    deps.db,
    new BatchesRepository(deps.db),
    new StudentsRepository(deps.db),
    deps.config.invoicing.supplierStateCode,
  );
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
    branches: async () => ({ data: { data: await service.branches() } }),
    createBranch: async ({ auth, body }) => {
      const { branch, message } = await service.createBranch(auth, body);
      return { data: branch, message };
    },
    programs: async () => ({ data: { data: await service.programs() } }),
    createProgram: async ({ auth, body }) => {
      const { program, message } = await service.createProgram(auth, body);
      return { data: program, message };
    },
    bulkUpload: async ({ auth, body }) => {
      const result = await service.bulkUpload(auth, body);
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
      const result = await service.move(auth, body);
      return { data: result, message: result.message };
    },
    studentIds: async ({ params }) => ({ data: await service.studentIds(params.batchId) }),
    addStudent: async ({ auth, params, body }) => {
      const { member, message } = await service.addStudent(auth, params.batchId, body);
      return { data: member, message };
    },
    removeStudent: async ({ auth, params }) => {
      const { message } = await service.removeStudent(auth, params.batchId, params.studentId);
      return { data: { removed: true as const }, message };
    },
    groups: async () => ({ data: await service.groups() }),
    createGroup: async ({ auth, body }) => {
      const { group, message } = await service.createGroup(auth, body);
      return { data: group, message };
    },
    updateGroup: async ({ auth, body }) => {
      const { group, message } = await service.updateGroup(auth, body);
      return { data: group, message };
    },
    group: async ({ params }) => ({ data: await service.group(params.groupId) }),
    deleteGroup: async ({ auth, params }) => {
      const { message } = await service.deleteGroup(auth, params.groupId);
      return { data: { deleted: true as const }, message };
    },
  });
}
