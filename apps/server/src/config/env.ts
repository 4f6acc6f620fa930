import { z } from 'zod';

/** The process environment, or the object a test passes instead. */
export type Env = NodeJS.ProcessEnv;

/** An unset variable: absent, or (where `emptyIsUnset`) set to ''. */
const raw = z.string().optional();

/** The value as typed, quoted the way every refusal quotes it. */
const quoted = (value: string) => `'${value}'`;

function refuse(ctx: z.RefinementCtx, message: string): never {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER as never;
}

/** A text setting: `fallback` when unset or empty. */
export const text = (fallback: string) => raw.transform((value) => value || fallback);

/** A text setting: `fallback` only when absent (an empty value is kept, as it always was). */
export const textAsGiven = (fallback: string) => raw.transform((value) => value ?? fallback);

/** A setting with no default: undefined when unset or empty. */
export const optionalText = () => raw.transform((value) => value || undefined);

const TRUE = ['1', 'true', 'yes', 'on'];
const FALSE = ['0', 'false', 'no', 'off'];

/** On or off: 1/true/yes/on or 0/false/no/off, `fallback` when unset; anything else is refused. */
export const flag = (fallback: boolean) =>
  raw.transform((value, ctx) => {
    if (value === undefined || value === '') return fallback;
    const word = value.trim().toLowerCase();
    if (TRUE.includes(word)) return true;
    if (FALSE.includes(word)) return false;
    return refuse(ctx, `must be true or false (or 1/0, yes/no, on/off), got ${quoted(value)}`);
  });

/** A whole number from `min` (0) to `max`, `fallback` when unset. */
export const wholeNumber = (fallback: number, { min = 0, max }: { min?: number; max?: number } = {}) =>
  raw.transform((value, ctx) => {
    if (value === undefined || value === '') return fallback;
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0) return refuse(ctx, `must be a whole number, got ${quoted(value)}`);
    if (n < min || (max !== undefined && n > max)) {
      return refuse(
        ctx,
        max === undefined
          ? `must be at least ${min}, got ${quoted(value)}`
          : `must be between ${min} and ${max}, got ${quoted(value)}`,
      );
    }
    return n;
  });

/** A number (fractions allowed) from `min` to `max`, `fallback` when unset. */
export const decimal = (fallback: number, { min, max }: { min: number; max: number }) =>
  raw.transform((value, ctx) => {
    if (value === undefined || value.trim() === '') return fallback;
    const n = Number(value);
    if (!Number.isFinite(n) || n < min || n > max) {
      return refuse(ctx, `must be a number from ${min} to ${max}, got ${quoted(value)}`);
    }
    return n;
  });

/** One of `values` (trimmed, compared in lower case); undefined when unset or empty. */
export const oneOf = <const T extends string>(values: readonly T[]) =>
  raw.transform((value, ctx): T | undefined => {
    const chosen = value?.trim().toLowerCase();
    if (!chosen) return undefined;
    if ((values as readonly string[]).includes(chosen)) return chosen as T;
    const list =
      values.length > 3
        ? `one of ${values.join(', ')}`
        : `${values.slice(0, -1).map(quoted).join(', ')} or ${quoted(values.at(-1)!)}`;
    return refuse(ctx, `must be ${list}, got ${quoted(chosen)}`);
  });

/** An http(s) address; undefined when unset or empty. */
export const httpUrl = () =>
  raw.transform((value, ctx) => {
    if (!value) return undefined;
    if (!isHttpUrl(value)) return refuse(ctx, `must be an http(s) address, got ${quoted(value)}`);
    return value;
  });

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * Parses `env` with one subsystem's schema. A refused value throws its first refusal as one sentence
 * that starts with the variable's name (`PORT must be a whole number, got 'eighty'`).
 */
export function parseEnv<S extends z.ZodType>(schema: S, env: Env): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const variable = issue.path.map(String).join('.');
  const message =
    variable === '' || issue.message.startsWith(variable)
      ? issue.message
      : `${variable}${issue.message.startsWith(':') ? '' : ' '}${issue.message}`;
  throw new Error(message);
}
