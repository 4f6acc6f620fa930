import { z } from 'zod';

// The field schemas every domain's inputs share (DESIGN §2, docs/domains/platform.md "Days, dates and links"): one
// calendar day, one date and time, one link. A value these refuse never reaches a service or the
// database, so a wrong day or a hostile link answers 400 naming the field, never 500.

/** The years a day or a date and time may fall in. */
const DATE_YEARS = { first: 2000, last: 2099 } as const;

const DAY_MESSAGE = 'must be a date like 2027-05-31';
const DATE_TIME_MESSAGE = 'must be a date and time';
const YEARS_MESSAGE = `must be a date in the years ${DATE_YEARS.first} to ${DATE_YEARS.last}`;

const inYears = (value: string) => {
  const year = Number(value.slice(0, 4));
  return year >= DATE_YEARS.first && year <= DATE_YEARS.last;
};

/**
 * A calendar day, 'YYYY-MM-DD': a day that exists (no 2027-02-30, 2026-13-01 or 2026-04-31; 29
 * February only in leap years) in the years DATE_YEARS.
 */
export const DaySchema = z.iso.date({ message: DAY_MESSAGE }).refine(inYears, YEARS_MESSAGE);

/** An instant as ISO 8601 with 'Z' or an offset, on a day that exists, in the years DATE_YEARS. */
export const DateTimeSchema = z.iso
  .datetime({ offset: true, message: DATE_TIME_MESSAGE })
  .refine(inYears, YEARS_MESSAGE);

/** The longest link a field takes. */
export const LINK_MAX = 2000;

// Controls (C0, DEL, C1), format characters (zero-width, bidirectional overrides, the BOM), line and
// paragraph separators: browsers drop some of them inside URLs ('java\tscript:'), others hide text.
const HIDDEN_CHARACTERS = /[\p{Cc}\p{Cf}\u2028\u2029]/u;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
/** Hosts that may be reached over plain http: this machine, for development. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * True for a link the console may store and the students' store and app may open: an https address
 * (http only to this machine), a path on this server ('/files/…', what uploads answer without a CDN)
 * or a storage key ('question-paper/x.pdf'); with `absolute`, only the addresses. Never another
 * scheme (javascript:, data:, vbscript:, file:, http: to another host), a protocol-relative '//host',
 * a backslash, a '..' segment, a control or invisible character, or more than LINK_MAX characters.
 */
export function isSafeLink(value: string, options: { absolute?: boolean } = {}): boolean {
  if (value.length === 0 || value.length > LINK_MAX) return false;
  if (HIDDEN_CHARACTERS.test(value) || value.includes('\\')) return false;
  if (SCHEME.test(value)) {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return false;
    }
    if (url.username || url.password || url.hostname === '') return false;
    return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
  }
  if (options.absolute || value.startsWith('//') || value.startsWith('.')) return false;
  const path = value.split(/[?#]/, 1)[0]!;
  return !path.split('/').includes('..');
}

/**
 * A link field: trimmed, at most LINK_MAX characters, and safe by isSafeLink. `what` names the field
 * in its messages ('Store icon must be …'); without it the messages start with 'must'. `absolute`
 * takes only addresses (a meeting link), not our paths or storage keys. An empty string passes (the
 * forms' "none"); fields that need a link add `.min(1, …)`.
 */
export function linkSchema(what?: string, options: { absolute?: boolean } = {}) {
  const prefix = what ? `${what} ` : '';
  const message = options.absolute
    ? `${prefix}must be a web address starting https://`
    : `${prefix}must be an https:// link or a file uploaded here`;
  return z
    .string()
    .trim()
    .max(LINK_MAX, `${prefix}must be at most ${LINK_MAX} characters`)
    .refine((value) => value === '' || isSafeLink(value, options), message);
}
