// What other modules may use of the live-classes module; lint refuses an import deeper than this file.
export type { LiveClassesModule } from './live-classes.routes';
export type { LiveClassesService } from './live-classes.service';
