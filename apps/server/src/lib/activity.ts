// Kept while files.service.ts still imports it from here; the insert itself lives in activity.repository.ts.
export { recordActivity, type ActivityEntry } from './activity.repository';
