import type { RouteDef } from '@lectern/contract';
import type { z } from 'zod';
import { DEMO_BATCHES } from '../seed/demo-batches';
import { DEMO_DELIVERY } from '../seed/demo-delivery';

/** A demo subject every demo content developer and uploader is assigned to. */
export const SAMPLE_SUBJECT_ID = 'subj-organic-chemistry';

/** A demo store listing, so the store manager's reads answer a real listing. */
const SAMPLE_STORE_LISTING_ID = 'store-jee-main-2027';

/** A value that satisfies a path parameter's schema, so the request reaches the access checks. */
function sampleParam(name: string, schema: z.ZodType, callerId: string | undefined): string {
  if (/^subject/i.test(name)) return SAMPLE_SUBJECT_ID;
  if (/^user/i.test(name) && callerId) return callerId;
  if (/^store/i.test(name)) return SAMPLE_STORE_LISTING_ID;
  // a demo delivery package, and the delivery list's status, so the delivery reads answer real packages
  if (name === 'packageId') return DEMO_DELIVERY.delivered;
  // a closed demo batch: the batch reads answer a real one, its changes a 409 that changes nothing
  if (name === 'batchId') return DEMO_BATCHES.closed;
  // a real kind of student update, so the list of one type answers its updates
  if (name === 'updateType') return 'exam-alerts';
  for (const candidate of ['SUPER_ADMIN', 'IN_PROGRESS', '9000000001', 'PENDING', 'ACTIVE', 'sample']) {
    if (schema.safeParse(candidate).success) return candidate;
  }
  return 'sample';
}

/**
 * The route's path (under /api) with every `{param}` filled with a valid sample: a real demo
 * subject for subject ids and the caller's own id for user ids, so scoped routes are reached.
 */
export function samplePath(def: RouteDef, callerId?: string): string {
  const shape = (def.params?.shape ?? {}) as Record<string, z.ZodType>;
  return `/api${def.path.replace(/\{([A-Za-z0-9_]+)\}/g, (_w, key: string) =>
    encodeURIComponent(shape[key] ? sampleParam(key, shape[key], callerId) : 'sample'),
  )}`;
}
