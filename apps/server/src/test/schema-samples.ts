import type { z } from 'zod';

// Valid samples made from a contract schema, so a walk can change one field of an otherwise valid
// body or query and see what that one value does (plugins/bad-input.test.ts).

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  options?: z.ZodType[];
  items?: z.ZodType[];
  getter?: () => z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Strings tried in order for a string field: the first its schema takes is the sample. */
const STRING_CANDIDATES = [
  'Walk sample',
  'walk-sample',
  '2026-06-01',
  '2026-06-01T10:00:00+05:30',
  '9000000001',
  'walk@example.com',
  'https://example.com/walk.png',
  '#5850EC',
  '110001',
  '123456',
  'WALK10',
  'A',
  'ab',
  'SUPER_ADMIN',
  '2026-06', // a month (the GST return)
  '29AAACL1234F1ZV', // a GSTIN (an order's registered buyer)
];
const NUMBER_CANDIDATES = [1, 0, 10, 100, 2026, 1000, 0.5, 100_000];

function firstAccepted<T>(schema: z.ZodType, candidates: readonly T[]): T | undefined {
  return candidates.find((value) => schema.safeParse(value).success);
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

/**
 * A value `schema` takes, with every optional and nullable field filled (so each can be walked) and
 * arrays of one element; undefined when none is found. `depth` stops recursive schemas.
 */
export function sampleOf(schema: z.ZodType, depth = 0): unknown {
  if (depth > 8) return undefined;
  const def = defOf(schema);
  if (WRAPPERS.has(def.type) && def.innerType) {
    const inner = sampleOf(def.innerType, depth + 1);
    return inner !== undefined && schema.safeParse(inner).success ? inner : firstAccepted(schema, [undefined, null]);
  }
  switch (def.type) {
    case 'pipe':
      return def.in ? sampleOf(def.in, depth + 1) : undefined;
    case 'lazy':
      return def.getter ? sampleOf(def.getter(), depth + 1) : undefined;
    case 'string':
      return firstAccepted(schema, STRING_CANDIDATES);
    case 'number':
      return firstAccepted(schema, NUMBER_CANDIDATES) ?? firstAccepted(schema, NUMBER_CANDIDATES.map(String));
    case 'int':
    case 'bigint':
      return firstAccepted(schema, NUMBER_CANDIDATES);
    case 'boolean':
      return false;
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    case 'null':
      return null;
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        const value = sampleOf(field, depth + 1);
        if (value !== undefined) out[key] = value;
      }
      return out;
    }
    case 'array': {
      const one = def.element ? sampleOf(def.element, depth + 1) : undefined;
      return one !== undefined && schema.safeParse([one]).success ? [one] : [];
    }
    case 'tuple':
      return (def.items ?? []).map((item) => sampleOf(item, depth + 1));
    case 'union':
      for (const option of def.options ?? []) {
        const value = sampleOf(option, depth + 1);
        if (value !== undefined && schema.safeParse(value).success) return value;
      }
      return undefined;
    case 'intersection': {
      const left = def.left ? sampleOf(def.left, depth + 1) : undefined;
      const right = def.right ? sampleOf(def.right, depth + 1) : undefined;
      return typeof left === 'object' && typeof right === 'object' ? { ...left, ...right } : left;
    }
    case 'record':
      return {};
    default:
      return undefined;
  }
}

/**
 * A sample `schema` takes: the full one, or when that breaks a rule between fields ('a limit needs
 * usage limit switched on'), the full one with one switch turned; `valid` says whether one was found.
 */
export function validSample(schema: z.ZodType): { value: unknown; valid: boolean } {
  const full = sampleOf(schema);
  if (schema.safeParse(full).success) return { value: full, valid: true };
  for (const path of leafPaths(full).filter((p) => typeof leafAt(full, p) === 'boolean')) {
    const turned = withLeaf(full, path, !leafAt(full, path));
    if (schema.safeParse(turned).success) return { value: turned, valid: true };
  }
  return { value: full, valid: false };
}

/** Where the primitive values of a sample sit: ['title'], ['testimonials', 0, 'authorImage'], … */
export function leafPaths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leafPaths(item, [...at, index]));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => leafPaths(inner, [...at, key]));
  }
  return at.length > 0 ? [at] : [];
}

/** A copy of `value` with the leaf at `path` replaced. */
export function withLeaf(value: unknown, path: (string | number)[], leaf: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]!] = leaf;
  return copy;
}

/** The value at `path` of a sample. */
export function leafAt(value: unknown, path: (string | number)[]): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], value);
}
