// Pure formatters shared by server and web (spec 1 §5/§9, spec 2 §5/§9, DESIGN §2).
// Self-contained: no imports, no Node built-ins; runs in Node 20 and in browsers.

const NA = 'NA';

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

function pad4(n: number): string {
  return String(n).padStart(4, '0');
}

/** Converts a date-like value to a valid Date, or null; 'YYYY-MM-DD' strings are read as local calendar dates. */
function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  let date: Date;
  if (value instanceof Date) {
    date = new Date(value.getTime());
  } else if (typeof value === 'number') {
    date = new Date(value);
  } else {
    const text = value.trim();
    if (text === '') return null;
    const dateOnly = DATE_ONLY.exec(text);
    if (dateOnly) {
      const year = Number(dateOnly[1]);
      const month = Number(dateOnly[2]) - 1;
      const day = Number(dateOnly[3]);
      date = new Date(year, month, day);
      date.setFullYear(year);
      if (date.getMonth() !== month || date.getDate() !== day) return null;
    } else {
      date = new Date(text);
    }
  }
  return Number.isNaN(date.getTime()) ? null : date;
}

const indianFormats = new Map<string, Intl.NumberFormat>();

/** One cached en-IN formatter per digit setting: Indian grouping ('12,34,567') comes from Intl, not by hand. */
function indianFormat(minDigits: number, maxDigits: number): Intl.NumberFormat {
  const key = `${minDigits}:${maxDigits}`;
  let format = indianFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-IN', {
      minimumFractionDigits: minDigits,
      maximumFractionDigits: maxDigits,
      // '-0' is not a number a person writes: zero, and values that round to it, carry no sign.
      signDisplay: 'negative',
    });
    indianFormats.set(key, format);
  }
  return format;
}

/** A calendar month 'YYYY-MM' in words: 'May 2024' for '2024-05'. */
export function formatMonth(month: string): string {
  const [year, number] = month.split('-');
  return `${MONTH_NAMES[Number(number) - 1] ?? ''} ${year}`;
}

/** Formats a number with Indian digit grouping ('12,34,567'); without fractionDigits, non-integers keep up to 2 trimmed decimals; non-finite -> 'NA'. */
export function formatIndianNumber(n: number, fractionDigits?: number): string {
  if (!Number.isFinite(n)) return NA;
  if (fractionDigits === undefined) return indianFormat(0, 2).format(n);
  const digits = Math.max(0, Math.min(100, Math.floor(fractionDigits)));
  return indianFormat(digits, digits).format(n);
}

/** Returns 'NA' for null, undefined or an empty/whitespace-only string, otherwise String(value). */
export function orNA(value: unknown): string {
  if (value === null || value === undefined) return NA;
  if (typeof value === 'string' && value.trim() === '') return NA;
  return String(value);
}

/** Formats a table date as DD-MM-YYYY in local time; 'YYYY-MM-DD' strings keep their calendar day; invalid/absent -> 'NA'. */
export function formatDate(value: Date | string | number | null | undefined): string {
  const date = toDate(value);
  if (!date) return NA;
  return `${pad2(date.getDate())}-${pad2(date.getMonth() + 1)}-${pad4(date.getFullYear())}`;
}

/** Formats the long date form 'D MonthName YYYY, h:mm AM|PM' in local time, e.g. '5 March 2026, 2:07 PM'; invalid/absent -> 'NA'. */
export function formatDateLong(value: Date | string | number | null | undefined): string {
  const date = toDate(value);
  if (!date) return NA;
  const hours24 = date.getHours();
  const hours12 = hours24 % 12 === 0 ? 12 : hours24 % 12;
  const meridiem = hours24 < 12 ? 'AM' : 'PM';
  const month = MONTH_NAMES[date.getMonth()] ?? '';
  return `${date.getDate()} ${month} ${pad4(date.getFullYear())}, ${hours12}:${pad2(date.getMinutes())} ${meridiem}`;
}

// India time (UTC+05:30, no daylight saving), whatever the machine's zone: live classes are
// scheduled and named in it ('Mon, 30 Nov, 10:00 AM').
const INDIA_DAY = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
});
const INDIA_CLOCK = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** The India clock time of an instant: '10:00 AM'. */
export function formatIndiaTime(value: Date | string | number): string {
  return INDIA_CLOCK.format(new Date(value)).replace(/\s?(am|pm)$/i, (_m, p: string) => ` ${p.toUpperCase()}`);
}

/** The India day and time of an instant: 'Mon, 30 Nov, 10:00 AM'. */
export function formatIndiaDateTime(value: Date | string | number): string {
  return `${INDIA_DAY.format(new Date(value))}, ${formatIndiaTime(value)}`;
}

const INDIA_NUMERIC_DAY = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/**
 * A table date, DD-MM-YYYY, of the India day of an instant (whatever the browser's or server's zone);
 * a 'YYYY-MM-DD' calendar date keeps its day; invalid/absent -> 'NA'.
 */
export function formatIndiaDate(value: Date | string | number | null | undefined): string {
  if (typeof value === 'string' && DATE_ONLY.test(value.trim())) return formatDate(value);
  const date = toDate(value);
  if (!date) return NA;
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    INDIA_NUMERIC_DAY.formatToParts(date).find((p) => p.type === type)?.value ?? '';
  return `${part('day')}-${part('month')}-${pad4(Number(part('year')))}`;
}

/** A table date with its India time: '28-11-2026, 2:13 AM'; invalid/absent -> 'NA'. */
export function formatIndiaDateWithTime(value: Date | string | number | null | undefined): string {
  const date = toDate(value);
  return date ? `${formatIndiaDate(date)}, ${formatIndiaTime(date)}` : NA;
}

/** A span in India time: its start with the day, its end as a time when on the same India day. */
export function formatIndiaSpan(
  start: Date | string | number,
  end: Date | string | number,
): { start: string; end: string } {
  const day = (v: Date | string | number) => INDIA_DAY.format(new Date(v));
  return {
    start: formatIndiaDateTime(start),
    end: day(start) === day(end) ? formatIndiaTime(end) : formatIndiaDateTime(end),
  };
}

const BYTE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

/** Formats a byte count in 1024 steps (Bytes..PB) with up to `decimals` trimmed decimals; negative/non-finite -> '0 Bytes'. */
export function formatBytes(bytes: number, decimals = 2): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const places = Number.isFinite(decimals) ? Math.max(0, Math.min(100, Math.floor(decimals))) : 2;
  const last = BYTE_UNITS.length - 1;
  let unit = 0;
  while (unit < last && bytes >= 1024 ** (unit + 1)) unit++;
  let value = Number((bytes / 1024 ** unit).toFixed(places));
  // Rounding may reach 1024 of a unit (1048575 B -> 1024 KB): carry into the next unit.
  if (value >= 1024 && unit < last) {
    unit++;
    value = Number((bytes / 1024 ** unit).toFixed(places));
  }
  return `${value} ${BYTE_UNITS[unit] ?? 'Bytes'}`;
}

/** Formats seconds as H:MM:SS (hours unbounded, fractions floored); negative/non-finite -> '0:00:00'. */
export function formatDuration(totalSeconds: number): string {
  if (!Number.isFinite(totalSeconds) || totalSeconds <= 0) return '0:00:00';
  const whole = Math.floor(totalSeconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = whole % 60;
  return `${hours}:${pad2(minutes)}:${pad2(seconds)}`;
}

/** Shortens text to `keep` characters plus `suffix` when longer than `max` (counts code points, so emoji are never split). */
function shorten(text: string, max: number, keep: number, suffix: string): string {
  const chars = Array.from(text);
  return chars.length > max ? chars.slice(0, keep).join('') + suffix : text;
}

/** Display-only file name: over 30 characters -> first 27 + '...'; 30 or fewer unchanged. */
export function shortenFileName(name: string): string {
  return shorten(name, 30, 27, '...');
}

/** Display label: over 50 characters -> first 47 + '…' (U+2026); 50 or fewer unchanged. */
export function shortenLabel(label: string): string {
  return shorten(label, 50, 47, '\u2026');
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Abbreviated age: <60 s or future 'now', then 'Nm', 'Nh', 'Nd' (<7 d), 'Nw' (<30 d, so 1w-4w), 'Nmo' (30-day months, 1-11, <365 d), 'Ny' (365-day years); invalid -> 'NA'. */
export function formatRelativeTime(date: Date | string | number, now: Date = new Date()): string {
  const then = toDate(date);
  if (!then || Number.isNaN(now.getTime())) return NA;
  const seconds = Math.floor((now.getTime() - then.getTime()) / 1000);
  if (seconds < MINUTE) return 'now';
  if (seconds < HOUR) return `${Math.floor(seconds / MINUTE)}m`;
  if (seconds < DAY) return `${Math.floor(seconds / HOUR)}h`;
  const days = Math.floor(seconds / DAY);
  if (days < 7) return `${days}d`;
  if (days < 30) return `${Math.floor(days / 7)}w`;
  if (days < 365) return `${Math.min(11, Math.floor(days / 30))}mo`;
  return `${Math.floor(days / 365)}y`;
}

/** Uppercase initials of the first two words ('Asha Rani Verma' -> 'AR', 'asha' -> 'A', '' -> ''). */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '')
    .slice(0, 2)
    .map((word) => (Array.from(word)[0] ?? '').toUpperCase())
    .join('');
}

/** Characters stripped from file names, exactly as listed in spec 1 §5 (31 characters; the dot is not among them). */
export const SANITIZE_CHARACTERS: readonly string[] = Object.freeze([
  '`',
  '~',
  '!',
  '@',
  '#',
  '$',
  '%',
  '^',
  '&',
  '*',
  '(',
  ')',
  '_',
  '|',
  '+',
  '-',
  '=',
  '?',
  ';',
  ':',
  "'",
  '"',
  ',',
  '<',
  '>',
  '{',
  '}',
  '[',
  ']',
  '\\',
  '/',
]);

const SANITIZE_SET: ReadonlySet<string> = new Set(SANITIZE_CHARACTERS);

/** Removes every SANITIZE_CHARACTERS character from a file name; spaces, dots and other characters are kept. */
export function sanitizeFileName(name: string): string {
  let out = '';
  for (const ch of name) {
    if (!SANITIZE_SET.has(ch)) out += ch;
  }
  return out;
}

/** Picker upload name: sanitise, then replace only the FIRST space with a hyphen; later spaces stay. */
export function pickerFileName(name: string): string {
  // Spec 1 §5 says "spaces become a hyphen"; spec 2 §5 states it precisely as "the first space
  // replaced by a hyphen", which is the rule implemented here. The hyphen is added after sanitising
  // (sanitising itself strips '-').
  return sanitizeFileName(name).replace(' ', '-');
}

/** Non-picker upload key: sanitise, remove all whitespace, then prefix `${uniqueId}-`. */
export function uploadFileName(name: string, uniqueId: string): string {
  const cleaned = sanitizeFileName(name).replace(/\s+/g, '');
  return `${uniqueId}-${cleaned}`;
}

/** The 62 characters random ids are drawn from: A-Z, a-z, 0-9. */
export const RANDOM_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

// Largest multiple of 62 not above 256: bytes at or beyond it are rejected, so byte % 62 is uniform.
const RANDOM_BYTE_LIMIT = 256 - (256 % RANDOM_ID_ALPHABET.length);

/** Random id of `length` characters from RANDOM_ID_ALPHABET, uniform via rejection sampling over crypto bytes. */
export function randomId(length: number): string {
  if (!Number.isSafeInteger(length) || length < 0) {
    throw new RangeError(`randomId length must be a non-negative integer, got ${length}`);
  }
  let out = '';
  while (out.length < length) {
    // Draw a little more than needed; about 3% of bytes are rejected.
    const bytes = new Uint8Array(Math.min(65536, Math.ceil((length - out.length) * 1.1) + 8));
    globalThis.crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      if (byte >= RANDOM_BYTE_LIMIT) continue;
      out += RANDOM_ID_ALPHABET.charAt(byte % RANDOM_ID_ALPHABET.length);
      if (out.length === length) break;
    }
  }
  return out;
}

/** Random RFC 4122 version-4 UUID via crypto.randomUUID (getRandomValues fallback where randomUUID is unavailable, e.g. non-secure browser contexts). */
export function uuid(): string {
  const cryptoApi = globalThis.crypto;
  if (typeof cryptoApi.randomUUID === 'function') return cryptoApi.randomUUID();
  const bytes = cryptoApi.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const englishPlurals = new Intl.PluralRules('en-IN');

/**
 * A count with its noun in the right number, Indian digit grouping: plural(1, 'student') -> '1 student',
 * plural(1200, 'student') -> '1,200 students', plural(2, 'class', 'classes') -> '2 classes'. Every count
 * in a sentence goes through this (never 'student(s)').
 */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatIndianNumber(count)} ${englishPlurals.select(count) === 'one' ? one : many}`;
}
