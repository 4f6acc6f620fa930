import type { z } from 'zod';

/** A list's filter schema: a route's query schema from the contract, picked or extended. */
export type FilterSchema = z.ZodObject;

/** The filters as parsed from the URL: each field as its schema gives it, or its default. */
export type ListFilters<S extends FilterSchema> = z.output<S>;

/** A change of some filters: null, undefined or '' clears a field (back to its default). */
export type FilterChange<S extends FilterSchema> = {
  [K in keyof z.input<S>]?: z.input<S>[K] | null;
};

/** The URL name of each field: `names[key]` as given (exact), else `<urlKey>.<key>`, else `<key>`. */
export function paramNamesOf<S extends FilterSchema>(
  schema: S,
  urlKey?: string,
  names: Partial<Record<keyof z.output<S> & string, string>> = {},
): Record<string, string> {
  const prefix = urlKey ? `${urlKey}.` : '';
  return Object.fromEntries(
    Object.keys(schema.shape).map((key) => [key, names[key as keyof typeof names] ?? `${prefix}${key}`]),
  );
}

function fieldOf(schema: FilterSchema, key: string): z.ZodType {
  return schema.shape[key] as z.ZodType;
}

/** A field's value with nothing in the URL: its schema's default, or undefined. */
function fallback(field: z.ZodType): unknown {
  const empty = field.safeParse(undefined);
  return empty.success ? empty.data : undefined;
}

/**
 * The filters of a query string, each field parsed by its own schema. A value its schema refuses (a
 * hand-edited or stale link) falls back to the field's default; then refinements of the whole object
 * (say 'both dates or neither') clear the fields they name. Never throws.
 */
export function parseFilters<S extends FilterSchema>(
  schema: S,
  params: URLSearchParams,
  names: Record<string, string>,
): ListFilters<S> {
  // the URL texts each field accepts; the whole object then parses them once (transforms run once)
  const inputs: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const raw = params.get(names[key] ?? key);
    if (raw !== null && raw !== '' && fieldOf(schema, key).safeParse(raw).success) inputs[key] = raw;
  }
  let whole = schema.safeParse(inputs);
  if (!whole.success) {
    for (const issue of whole.error.issues) {
      const key = issue.path[0];
      if (typeof key === 'string') delete inputs[key];
    }
    whole = schema.safeParse(inputs);
  }
  if (whole.success) return whole.data as ListFilters<S>;
  return Object.fromEntries(
    Object.keys(schema.shape).map((key) => [key, fallback(fieldOf(schema, key))]),
  ) as ListFilters<S>;
}

function text(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/**
 * Writes `change` into `params`: a cleared field, or one set to its default, leaves the URL, so the
 * plain list has a plain address. Returns whether any field changed.
 */
export function writeFilters<S extends FilterSchema>(
  schema: S,
  params: URLSearchParams,
  names: Record<string, string>,
  change: FilterChange<S>,
): boolean {
  let changed = false;
  for (const [key, value] of Object.entries(change)) {
    const name = names[key];
    if (!name) continue;
    const before = params.get(name);
    const defaulted = fallback(fieldOf(schema, key));
    if (
      value === null ||
      value === undefined ||
      value === '' ||
      (defaulted !== undefined && text(value) === text(defaulted))
    ) {
      params.delete(name);
    } else {
      params.set(name, text(value));
    }
    if (params.get(name) !== before) changed = true;
  }
  return changed;
}
