import type { FastifyInstance } from 'fastify';
import { contract } from '@lectern/contract';
import type { AppDeps } from '../../lib/deps';
import { registerDomain } from '../../lib/routing';
import { AttendanceRepository } from './attendance.repository';
import { AttendanceService } from './attendance.service';

const live = contract.liveClasses;

/** The attendance routes of the live classes contract (the live classes module serves the rest). */
const attendanceContract = {
  attendance: live.attendance,
  studentAttendance: live.studentAttendance,
  unmatched: live.unmatched,
  importAttendance: live.importAttendance,
  matchParticipant: live.matchParticipant,
  markOffline: live.markOffline,
  batchAttendance: live.batchAttendance,
};

export function attendanceRoutes(app: FastifyInstance, deps: AppDeps): void {
  const service = new AttendanceService(deps.db, new AttendanceRepository(deps.db));
  registerDomain(app, deps, attendanceContract, {
    attendance: async ({ auth, params }) => ({
      data: await service.summary(auth, params.liveClassId, params.classRoomType),
    }),
    studentAttendance: async ({ auth, params, query }) => ({
      data: await service.students(auth, params.liveClassId, params.classRoomType, query),
    }),
    unmatched: async ({ auth, params }) => ({ data: await service.unmatched(auth, params.liveClassId) }),
    importAttendance: async ({ auth, params, body }) => {
      const result = await service.importCsv(auth, params.liveClassId, body);
      return { data: result, message: result.message };
    },
    matchParticipant: async ({ auth, body }) => {
      const { summary, message } = await service.matchByHand(auth, body);
      return { data: summary, message };
    },
    markOffline: async ({ auth, params, body }) => {
      const { summary, message } = await service.markOffline(auth, params.liveClassId, body.marks);
      return { data: summary, message };
    },
    batchAttendance: async ({ auth, params }) => ({ data: await service.batch(auth, params.batchId) }),
  });
}
