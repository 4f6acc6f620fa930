// Pure validators shared by server and web (spec 1 §5/§9, spec 2 §5/§9, DESIGN §2).
// Self-contained: no imports, no Node built-ins; runs in Node 20 and in browsers.

/** True for null, undefined, or a string that is empty after trimming. */
function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** Keys of `obj` whose value is null, undefined or a blank string, in key order. */
export function emptyFields(obj: Record<string, unknown>): string[] {
  return Object.keys(obj).filter((key) => isEmptyValue(obj[key]));
}

/** True for null, undefined, or a string that is empty after trimming. */
export function isBlank(s: string | null | undefined): boolean {
  return s === null || s === undefined || s.trim() === '';
}

/** Removes a trailing lone high surrogate left by cutting a string in the middle of a pair. */
function dropBrokenSurrogate(s: string): string {
  const last = s.charCodeAt(s.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? s.slice(0, -1) : s;
}

/** Maximum length of the table header input. */
export const HEADER_INPUT_MAX = 200;

/** Table header input limited to its first 200 characters (UTF-16 units, like maxlength; a split emoji is dropped). */
export function clampHeaderInput(s: string): string {
  return s.length > HEADER_INPUT_MAX ? dropBrokenSurrogate(s.slice(0, HEADER_INPUT_MAX)) : s;
}

/** Whether the header input button is enabled: false for empty or whitespace-only text. */
export function isHeaderInputSubmittable(s: string): boolean {
  return s.trim() !== '';
}

/** Maximum number of digits in the number search. */
export const NUMBER_SEARCH_MAX = 10;

const NUMBER_SEARCH_PATTERN = /^[0-9]{0,10}$/;

/** Number search input: `next` when it is ASCII digits only and at most 10 long, otherwise '' (the field is cleared). */
export function numberSearchInput(next: string): string {
  return NUMBER_SEARCH_PATTERN.test(next) ? next : '';
}

/** Maximum length of an editable text cell. */
export const EDITABLE_TEXT_MAX = 200;

/** Editable cell blur: the trimmed value (cut to 200) to report, or null when blank or unchanged after trimming. */
export function editableTextCommit(previous: string, next: string): string | null {
  const trimmed = next.trim();
  if (trimmed === '') return null;
  const previousTrimmed = previous.trim();
  // An untouched cell never reports, even if its stored value is longer than the limit.
  if (trimmed === previousTrimmed) return null;
  const clamped =
    trimmed.length > EDITABLE_TEXT_MAX ? dropBrokenSurrogate(trimmed.slice(0, EDITABLE_TEXT_MAX)).trimEnd() : trimmed;
  return clamped === previousTrimmed ? null : clamped;
}

/** Message shown when a date-range search is refused. */
export const DATE_RANGE_MESSAGE = 'Select proper date range!';

/** Number of days in the default date-range window. */
const DEFAULT_RANGE_DAYS = 30;

/** DATE_RANGE_MESSAGE unless both dates are valid and start is strictly earlier than end. */
export function validateDateRange(start: Date | null, end: Date | null): string | undefined {
  if (!start || !end) return DATE_RANGE_MESSAGE;
  const from = start.getTime();
  const to = end.getTime();
  if (Number.isNaN(from) || Number.isNaN(to) || from >= to) return DATE_RANGE_MESSAGE;
  return undefined;
}

/** Default search window: start = local midnight 30 calendar days before today, end = today (a copy). */
export function defaultDateRange(today: Date = new Date()): {
  start: Date;
  end: Date;
} {
  const start = new Date(today.getTime());
  start.setDate(start.getDate() - DEFAULT_RANGE_DAYS);
  start.setHours(0, 0, 0, 0);
  return { start, end: new Date(today.getTime()) };
}

/** Indian mobile number: exactly 10 ASCII digits, the first 6-9. */
export const MOBILE_NUMBER_PATTERN = /^[6-9][0-9]{9}$/;

/** True when `s` is exactly an Indian mobile number (10 digits starting 6-9, nothing else). */
export function isValidMobileNumber(s: string): boolean {
  return MOBILE_NUMBER_PATTERN.test(s);
}

/** Message shown when several files are dropped on a single-file drop zone. */
export const MULTIPLE_FILES_MESSAGE = 'Multiple Files not supported!';

/** MULTIPLE_FILES_MESSAGE when more than one file is given, otherwise undefined. */
export function singleFileCheck(files: readonly unknown[]): string | undefined {
  return files.length > 1 ? MULTIPLE_FILES_MESSAGE : undefined;
}
