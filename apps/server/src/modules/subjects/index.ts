// What other modules may use of the subjects module; lint refuses an import deeper than this file.
export type { SubjectsService } from './subjects.service';
