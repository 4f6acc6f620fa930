// What other modules may use of the students module; lint refuses an import deeper than this file.
import type { Db } from '../../db/client';
import { StudentsRepository } from './students.repository';

/** The students batches find, name and add from a sheet. */
export type StudentsDirectory = Pick<StudentsRepository, 'byId' | 'byMobiles' | 'namesOf' | 'insertMany'>;

export function studentsDirectory(db: Db): StudentsDirectory {
  return new StudentsRepository(db);
}
