import type { RouteDef } from '@lectern/contract';
import type { z } from 'zod';

/** A value that satisfies a path parameter's schema, so the request reaches the access checks. */
function sampleParam(schema: z.ZodType): string {
  for (const candidate of ['SUPER_ADMIN', '9000000001', 'sample'])
    if (schema.safeParse(candidate).success) return candidate;
  const options = (schema as { options?: unknown[] }).options;
  return options?.[0] !== undefined ? String(options[0]) : 'sample';
}

/** The route's path (under /api) with every `{param}` filled with a valid sample. */
export function samplePath(def: RouteDef): string {
  const shape = (def.params?.shape ?? {}) as Record<string, z.ZodType>;
  return `/api${def.path.replace(/\{([A-Za-z0-9_]+)\}/g, (_w, key: string) => encodeURIComponent(shape[key] ? sampleParam(shape[key]) : 'sample'))}`;
}
