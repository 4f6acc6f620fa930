import type { z } from 'zod';

/** Lists longer than this are checked by a sample: checking 10,000 recordings whole was a long main-thread task. */
const LONG_LIST = 200;
/** How many items of a long list are checked (the first ones). */
const SAMPLE = 50;
const MAX_DEPTH = 8;

/** The value with every list longer than LONG_LIST cut to its first SAMPLE items; `cut` says whether any was. */
function sampled(value: unknown, depth = 0): { value: unknown; cut: boolean } {
  if (depth > MAX_DEPTH || typeof value !== 'object' || value === null) return { value, cut: false };
  if (Array.isArray(value)) {
    const long = value.length > LONG_LIST;
    const items = (long ? value.slice(0, SAMPLE) : value).map((item) => sampled(item, depth + 1));
    return { value: items.map((item) => item.value), cut: long || items.some((item) => item.cut) };
  }
  let cut = false;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const inner = sampled(item, depth + 1);
    copy[key] = inner.value;
    cut ||= inner.cut;
  }
  return { value: copy, cut };
}

/** Deep equality of JSON-like values, object keys in any order. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => same(item, b[i]));
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((key) => key in right && same(left[key], right[key]));
}

/**
 * Checks an answer against its contract schema. A large answer (a list longer than 200) is checked
 * by a sample: its first 50 items and everything around them. When the schema changed nothing in the
 * sample (no defaults, transforms or unknown keys removed), the rest of the list is the console's own
 * server's output of the same types and is taken as it is; otherwise the whole answer is parsed.
 * (docs/domains/platform.md, "Speed": the server checks every answer against the contract in its tests.)
 */
export function validateAnswer<S extends z.ZodType>(
  schema: S,
  payload: unknown,
): { success: true; data: z.output<S> } | { success: false; error: z.ZodError } {
  const head = sampled(payload);
  if (head.cut) {
    const checked = schema.safeParse(head.value);
    if (!checked.success) return { success: false, error: checked.error };
    if (same(checked.data, head.value)) return { success: true, data: payload as z.output<S> };
  }
  const parsed = schema.safeParse(payload);
  return parsed.success ? { success: true, data: parsed.data } : { success: false, error: parsed.error };
}
