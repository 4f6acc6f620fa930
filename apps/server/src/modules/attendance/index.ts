// What other modules may use of the attendance module; lint refuses an import deeper than this file.
import type { Db } from '../../db/client';
import { AttendanceRepository } from './attendance.repository';
import { AttendanceService } from './attendance.service';

/** Stores a held class's participant sessions (the live-classes module's job after a meeting ends). */
export { storeParticipantSessions } from './attendance.service';

/** A class's attendance as other modules read it. */
export type AttendanceReader = Pick<AttendanceService, 'summary'>;

export function attendanceReader(db: Db): AttendanceReader {
  return new AttendanceService(db, new AttendanceRepository(db));
}
