import { describe, it, expect } from 'vitest';
import {
  formatMonth,
  RANDOM_ID_ALPHABET,
  SANITIZE_CHARACTERS,
  formatBytes,
  plural,
  formatDate,
  formatDateLong,
  formatDuration,
  formatIndianNumber,
  formatIndiaDate,
  formatIndiaDateTime,
  formatIndiaDateWithTime,
  formatIndiaSpan,
  formatIndiaTime,
  formatRelativeTime,
  initials,
  orNA,
  pickerFileName,
  randomId,
  sanitizeFileName,
  shortenFileName,
  shortenLabel,
  uploadFileName,
  uuid,
} from './format';

describe('formatIndianNumber', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [100, '100'],
    [999, '999'],
    [1000, '1,000'],
    [99999, '99,999'],
    [100000, '1,00,000'],
    [1234567, '12,34,567'],
    [9999999, '99,99,999'],
    [10000000, '1,00,00,000'],
    [123456789012, '1,23,45,67,89,012'],
  ])('groups %d as %s', (n, expected) => {
    expect(formatIndianNumber(n)).toBe(expected);
  });

  it('puts the sign in front of negatives', () => {
    expect(formatIndianNumber(-1234567)).toBe('-12,34,567');
    expect(formatIndianNumber(-999)).toBe('-999');
    expect(formatIndianNumber(-1000)).toBe('-1,000');
  });

  it('keeps up to two decimals only for non-integers, trimming trailing zeros', () => {
    expect(formatIndianNumber(1234.5)).toBe('1,234.5');
    expect(formatIndianNumber(1234.567)).toBe('1,234.57');
    expect(formatIndianNumber(1234.25)).toBe('1,234.25');
    expect(formatIndianNumber(1234567.891)).toBe('12,34,567.89');
    expect(formatIndianNumber(0.5)).toBe('0.5');
    expect(formatIndianNumber(-1234.5)).toBe('-1,234.5');
    expect(formatIndianNumber(1234.001)).toBe('1,234');
    expect(formatIndianNumber(99999.999)).toBe('1,00,000');
  });

  it('uses the requested number of fraction digits when given', () => {
    expect(formatIndianNumber(1234567, 2)).toBe('12,34,567.00');
    expect(formatIndianNumber(1234.5, 2)).toBe('1,234.50');
    expect(formatIndianNumber(1234.5678, 3)).toBe('1,234.568');
    expect(formatIndianNumber(1234.5678, 0)).toBe('1,235');
    expect(formatIndianNumber(-100000.1, 1)).toBe('-1,00,000.1');
  });

  it('never prints a negative zero', () => {
    expect(formatIndianNumber(-0)).toBe('0');
    expect(formatIndianNumber(-0.001)).toBe('0');
    expect(formatIndianNumber(-0.001, 2)).toBe('0.00');
  });

  it('handles huge integers without exponent notation', () => {
    expect(formatIndianNumber(1e21)).toBe('1,00,00,00,00,00,00,00,00,00,000');
  });

  it('returns NA for non-finite numbers', () => {
    expect(formatIndianNumber(Number.NaN)).toBe('NA');
    expect(formatIndianNumber(Number.POSITIVE_INFINITY)).toBe('NA');
  });
});

describe('formatMonth', () => {
  it('names a YYYY-MM month in words', () => {
    expect(formatMonth('2024-05')).toBe('May 2024');
    expect(formatMonth('2026-12')).toBe('December 2026');
    expect(formatMonth('2017-01')).toBe('January 2017');
  });
});

describe('orNA', () => {
  it('returns NA for null, undefined and empty or whitespace strings', () => {
    expect(orNA(null)).toBe('NA');
    expect(orNA(undefined)).toBe('NA');
    expect(orNA('')).toBe('NA');
    expect(orNA('  \t\n')).toBe('NA');
  });

  it('stringifies everything else unchanged', () => {
    expect(orNA('Asha')).toBe('Asha');
    expect(orNA(' Asha ')).toBe(' Asha ');
    expect(orNA(0)).toBe('0');
    expect(orNA(false)).toBe('false');
    expect(orNA(42)).toBe('42');
  });
});

describe('formatDate', () => {
  it('formats DD-MM-YYYY in local time with zero padding', () => {
    expect(formatDate(new Date(2026, 2, 5, 14, 7))).toBe('05-03-2026');
    expect(formatDate(new Date(2025, 11, 31, 23, 59, 59))).toBe('31-12-2025');
    expect(formatDate(new Date(2024, 0, 1, 0, 0, 0))).toBe('01-01-2024');
  });

  it('accepts epoch milliseconds and date-time strings', () => {
    const d = new Date(2026, 6, 9, 10, 30);
    expect(formatDate(d.getTime())).toBe('09-07-2026');
    expect(formatDate(d.toISOString())).toBe('09-07-2026');
  });

  it('reads date-only ISO strings as the calendar day they name', () => {
    expect(formatDate('2026-03-05')).toBe('05-03-2026');
    expect(formatDate('2024-02-29')).toBe('29-02-2024');
  });

  it('returns NA for absent or invalid values', () => {
    expect(formatDate(null)).toBe('NA');
    expect(formatDate(undefined)).toBe('NA');
    expect(formatDate('')).toBe('NA');
    expect(formatDate('not a date')).toBe('NA');
    expect(formatDate('2026-02-30')).toBe('NA');
    expect(formatDate(new Date(Number.NaN))).toBe('NA');
    expect(formatDate(Number.NaN)).toBe('NA');
  });
});

describe('formatDateLong', () => {
  it("formats 'D MonthName YYYY, h:mm AM|PM'", () => {
    expect(formatDateLong(new Date(2026, 2, 5, 14, 7))).toBe('5 March 2026, 2:07 PM');
    expect(formatDateLong(new Date(2025, 11, 25, 9, 30))).toBe('25 December 2025, 9:30 AM');
  });

  it('uses 12 for midnight (AM) and noon (PM)', () => {
    expect(formatDateLong(new Date(2026, 0, 1, 0, 0))).toBe('1 January 2026, 12:00 AM');
    expect(formatDateLong(new Date(2026, 0, 1, 12, 0))).toBe('1 January 2026, 12:00 PM');
    expect(formatDateLong(new Date(2026, 0, 1, 11, 59))).toBe('1 January 2026, 11:59 AM');
    expect(formatDateLong(new Date(2026, 0, 1, 23, 59))).toBe('1 January 2026, 11:59 PM');
  });

  it('names every month', () => {
    const names = Array.from({ length: 12 }, (_, m) => formatDateLong(new Date(2026, m, 10, 8, 0)).split(' ')[1]);
    expect(names).toEqual([
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
    ]);
  });

  it('returns NA for absent or invalid values', () => {
    expect(formatDateLong(null)).toBe('NA');
    expect(formatDateLong(undefined)).toBe('NA');
    expect(formatDateLong('nope')).toBe('NA');
    expect(formatDateLong(new Date(Number.NaN))).toBe('NA');
  });
});

describe('formatBytes', () => {
  it.each([
    [0, '0 Bytes'],
    [1, '1 Bytes'],
    [1023, '1023 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1025, '1 KB'],
    [1048575, '1 MB'],
    [1048576, '1 MB'],
    [1073741824, '1 GB'],
    [1024 ** 4, '1 TB'],
    [1024 ** 5, '1 PB'],
    [1024 ** 6, '1024 PB'],
    [5.25 * 1024 ** 3, '5.25 GB'],
  ])('formats %d as %s', (bytes, expected) => {
    expect(formatBytes(bytes)).toBe(expected);
  });

  it('rounds to the requested decimals and trims trailing zeros', () => {
    expect(formatBytes(1234567)).toBe('1.18 MB');
    expect(formatBytes(1234567, 0)).toBe('1 MB');
    expect(formatBytes(1234567, 3)).toBe('1.177 MB');
    expect(formatBytes(2048, 3)).toBe('2 KB');
    expect(formatBytes(1024 + 102.4, 1)).toBe('1.1 KB');
  });

  it('treats negative and non-finite sizes as 0 Bytes', () => {
    expect(formatBytes(-5)).toBe('0 Bytes');
    expect(formatBytes(Number.NaN)).toBe('0 Bytes');
    expect(formatBytes(Number.POSITIVE_INFINITY)).toBe('0 Bytes');
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0:00:00'],
    [1, '0:00:01'],
    [59, '0:00:59'],
    [60, '0:01:00'],
    [599, '0:09:59'],
    [3599, '0:59:59'],
    [3600, '1:00:00'],
    [3661, '1:01:01'],
    [86399, '23:59:59'],
    [360000, '100:00:00'],
  ])('formats %d s as %s', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });

  it('floors fractional seconds', () => {
    expect(formatDuration(59.999)).toBe('0:00:59');
    expect(formatDuration(3661.5)).toBe('1:01:01');
    expect(formatDuration(0.9)).toBe('0:00:00');
  });

  it('gives 0:00:00 for negative or non-numeric input', () => {
    expect(formatDuration(-1)).toBe('0:00:00');
    expect(formatDuration(-3661)).toBe('0:00:00');
    expect(formatDuration(Number.NaN)).toBe('0:00:00');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('0:00:00');
  });
});

describe('shortenFileName', () => {
  const name = (n: number): string => 'abcdefghij'.repeat(4).slice(0, n);

  it('leaves names of 29 and 30 characters unchanged', () => {
    expect(shortenFileName(name(29))).toBe(name(29));
    expect(shortenFileName(name(30))).toBe(name(30));
    expect(shortenFileName('')).toBe('');
  });

  it('cuts names over 30 characters to the first 27 plus three dots', () => {
    const out = shortenFileName(name(31));
    expect(out).toBe(`${name(27)}...`);
    expect(out).toHaveLength(30);
    expect(shortenFileName(name(40))).toBe(`${name(27)}...`);
  });

  it('never splits an emoji in two', () => {
    const emojiName = `${'a'.repeat(26)}😀😀😀😀😀`;
    expect(shortenFileName(emojiName)).toBe(`${'a'.repeat(26)}😀...`);
  });
});

describe('shortenLabel', () => {
  const label = (n: number): string => '0123456789'.repeat(6).slice(0, n);

  it('leaves labels of 49 and 50 characters unchanged', () => {
    expect(shortenLabel(label(49))).toBe(label(49));
    expect(shortenLabel(label(50))).toBe(label(50));
  });

  it('cuts labels over 50 characters to 47 plus a single ellipsis character', () => {
    const out = shortenLabel(label(51));
    expect(out).toBe(`${label(47)}\u2026`);
    expect(out).toHaveLength(48);
    expect(out.endsWith('...')).toBe(false);
    expect(shortenLabel(label(60))).toBe(`${label(47)}…`);
  });
});

describe('formatRelativeTime', () => {
  const now = new Date(2026, 5, 15, 12, 0, 0);
  const ago = (seconds: number): Date => new Date(now.getTime() - seconds * 1000);
  const MIN = 60;
  const HOUR = 3600;
  const DAY = 86400;

  it.each([
    [0, 'now'],
    [59, 'now'],
    [59.999, 'now'],
    [60, '1m'],
    [119, '1m'],
    [59 * MIN, '59m'],
    [HOUR - 1, '59m'],
    [HOUR, '1h'],
    [2 * HOUR, '2h'],
    [23 * HOUR, '23h'],
    [DAY - 1, '23h'],
    [DAY, '1d'],
    [3 * DAY, '3d'],
    [6 * DAY, '6d'],
    [7 * DAY - 1, '6d'],
    [7 * DAY, '1w'],
    [13 * DAY, '1w'],
    [14 * DAY, '2w'],
    [21 * DAY, '3w'],
    [28 * DAY, '4w'],
    [29 * DAY, '4w'],
    [30 * DAY, '1mo'],
    [59 * DAY, '1mo'],
    [60 * DAY, '2mo'],
    [330 * DAY, '11mo'],
    [364 * DAY, '11mo'],
    [365 * DAY, '1y'],
    [729 * DAY, '1y'],
    [730 * DAY, '2y'],
  ])('%d s ago is %s', (seconds, expected) => {
    expect(formatRelativeTime(ago(seconds), now)).toBe(expected);
  });

  it('shows future dates as now', () => {
    expect(formatRelativeTime(ago(-10), now)).toBe('now');
    expect(formatRelativeTime(ago(-10 * DAY), now)).toBe('now');
  });

  it('accepts strings and epoch milliseconds', () => {
    expect(formatRelativeTime(ago(2 * HOUR).toISOString(), now)).toBe('2h');
    expect(formatRelativeTime(ago(3 * DAY).getTime(), now)).toBe('3d');
  });

  it('defaults now to the current time', () => {
    expect(formatRelativeTime(new Date())).toBe('now');
    expect(formatRelativeTime(new Date(Date.now() - 5 * MIN * 1000))).toBe('5m');
  });

  it('returns NA for an invalid date', () => {
    expect(formatRelativeTime('garbage', now)).toBe('NA');
    expect(formatRelativeTime(new Date(Number.NaN), now)).toBe('NA');
  });
});

describe('initials', () => {
  it('takes the uppercased first letters of the first two words', () => {
    expect(initials('Asha Rani Verma')).toBe('AR');
    expect(initials('asha rani')).toBe('AR');
    expect(initials('asha')).toBe('A');
    expect(initials('  ravi   kumar  ')).toBe('RK');
    expect(initials('ravi\tkumar')).toBe('RK');
  });

  it('returns an empty string for empty or blank names', () => {
    expect(initials('')).toBe('');
    expect(initials('   ')).toBe('');
  });
});

describe('SANITIZE_CHARACTERS / sanitizeFileName', () => {
  const SPEC_LIST = '` ~ ! @ # $ % ^ & * ( ) _ | + - = ? ; : \' " , < > { } [ ] \\ /';

  it('is exactly the list in spec 1 §5, in order', () => {
    expect([...SANITIZE_CHARACTERS]).toEqual(SPEC_LIST.split(' '));
    expect(SANITIZE_CHARACTERS).toHaveLength(31);
    expect(new Set(SANITIZE_CHARACTERS).size).toBe(SANITIZE_CHARACTERS.length);
  });

  it('does not contain the dot or the space', () => {
    expect(SANITIZE_CHARACTERS).not.toContain('.');
    expect(SANITIZE_CHARACTERS).not.toContain(' ');
  });

  it('is frozen', () => {
    expect(Object.isFrozen(SANITIZE_CHARACTERS)).toBe(true);
  });

  it.each(SPEC_LIST.split(' '))('removes %s', (ch) => {
    expect(sanitizeFileName(`a${ch}b.png`)).toBe('ab.png');
    expect(sanitizeFileName(`${ch}${ch}x${ch}`)).toBe('x');
  });

  it('removes every listed character at once, keeping dots, spaces, letters and digits', () => {
    const all = SANITIZE_CHARACTERS.join('');
    expect(sanitizeFileName(`my ${all}file 2.v1.PDF`)).toBe('my file 2.v1.PDF');
  });

  it('keeps the extension dot and characters not in the list', () => {
    expect(sanitizeFileName('report.final.pdf')).toBe('report.final.pdf');
    expect(sanitizeFileName('naïve café é.png')).toBe('naïve café é.png');
    expect(sanitizeFileName('a b  c')).toBe('a b  c');
  });
});

describe('pickerFileName', () => {
  it('replaces only the first space with a hyphen after sanitising', () => {
    expect(pickerFileName('my photo.png')).toBe('my-photo.png');
    expect(pickerFileName('my summer photo 2.png')).toBe('my-summer photo 2.png');
  });

  it('sanitises first, so the inserted hyphen survives while original hyphens do not', () => {
    expect(pickerFileName('a-b c.jpg')).toBe('ab-c.jpg');
    expect(pickerFileName('(final) cover_v2!.jpg')).toBe('final-coverv2.jpg');
  });

  it('leaves names without spaces as the sanitised name', () => {
    expect(pickerFileName('cover#1.jpg')).toBe('cover1.jpg');
  });
});

describe('uploadFileName', () => {
  it('sanitises, removes all whitespace and prefixes the unique id and a hyphen', () => {
    expect(uploadFileName('my summer photo.png', 'abc123')).toBe('abc123-mysummerphoto.png');
    expect(uploadFileName(' a\tb\nc (1).mp4 ', 'ID')).toBe('ID-abc1.mp4');
  });

  it('keeps the dot of the extension', () => {
    expect(uploadFileName('lecture-01_intro.mp4', 'x')).toBe('x-lecture01intro.mp4');
  });
});

describe('RANDOM_ID_ALPHABET / randomId', () => {
  it('has exactly the 62 characters A-Z a-z 0-9', () => {
    expect(RANDOM_ID_ALPHABET).toHaveLength(62);
    expect(new Set(RANDOM_ID_ALPHABET).size).toBe(62);
    expect(RANDOM_ID_ALPHABET).toMatch(/^[A-Za-z0-9]{62}$/);
  });

  it.each([0, 1, 8, 16, 62, 1000])('returns %d characters', (length) => {
    expect(randomId(length)).toHaveLength(length);
  });

  it('uses only the alphabet', () => {
    for (let i = 0; i < 50; i++) {
      expect(randomId(40)).toMatch(/^[A-Za-z0-9]{40}$/);
    }
  });

  it('returns different ids on different calls', () => {
    const ids = new Set(Array.from({ length: 200 }, () => randomId(16)));
    expect(ids.size).toBe(200);
  });

  it('covers all 62 characters with no obvious bias', () => {
    const draws = 124000; // 2000 expected per character
    const sample = randomId(draws);
    const counts = new Map<string, number>();
    for (const ch of sample) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(62);
    const expected = draws / 62;
    let chiSquare = 0;
    for (const ch of RANDOM_ID_ALPHABET) {
      const observed = counts.get(ch) ?? 0;
      // 2000 ± ~45 (1σ); a plain `byte % 62` generator gives the first 8 characters ~2420.
      expect(observed).toBeGreaterThan(expected * 0.85);
      expect(observed).toBeLessThan(expected * 1.15);
      chiSquare += (observed - expected) ** 2 / expected;
    }
    // 61 degrees of freedom: P(chi² > 130) ≈ 7e-7 for a fair source; modulo bias gives ~800.
    expect(chiSquare).toBeLessThan(130);
  });

  it('rejects invalid lengths', () => {
    expect(() => randomId(-1)).toThrow(RangeError);
    expect(() => randomId(1.5)).toThrow(RangeError);
    expect(() => randomId(Number.NaN)).toThrow(RangeError);
  });
});

describe('uuid', () => {
  it('returns a version-4 RFC 4122 UUID', () => {
    expect(uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('returns a new value each time', () => {
    const ids = new Set(Array.from({ length: 100 }, () => uuid()));
    expect(ids.size).toBe(100);
  });

  it('falls back to getRandomValues where randomUUID is missing', () => {
    const cryptoApi = globalThis.crypto;
    Object.defineProperty(cryptoApi, 'randomUUID', {
      value: undefined,
      configurable: true,
    });
    try {
      const ids = Array.from({ length: 50 }, () => uuid());
      for (const id of ids) {
        expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      }
      expect(new Set(ids).size).toBe(50);
    } finally {
      Reflect.deleteProperty(cryptoApi, 'randomUUID');
    }
    expect(typeof globalThis.crypto.randomUUID).toBe('function');
  });
});

describe('India time', () => {
  it('names an instant in India time whatever the machine zone, and a span with its end on the same day as a time', () => {
    expect(formatIndiaTime('2026-11-30T04:30:00Z')).toBe('10:00 AM');
    expect(formatIndiaDateTime('2026-11-30T04:30:00Z')).toBe('Mon, 30 Nov, 10:00 AM');
    expect(formatIndiaDateTime('2026-11-30T18:29:00Z')).toBe('Mon, 30 Nov, 11:59 PM');
    expect(formatIndiaSpan('2026-11-30T04:30:00Z', '2026-11-30T06:00:00Z')).toEqual({
      start: 'Mon, 30 Nov, 10:00 AM',
      end: '11:30 AM',
    });
    // past India midnight: the end names its day
    expect(formatIndiaSpan('2026-11-30T17:30:00Z', '2026-11-30T19:00:00Z')).toEqual({
      start: 'Mon, 30 Nov, 11:00 PM',
      end: 'Tue, 1 Dec, 12:30 AM',
    });
  });
});

describe('India table dates', () => {
  it('gives DD-MM-YYYY of the India day of an instant, with the time when asked, whatever the machine zone', () => {
    // 20:43 UTC on the 27th is 2:13 AM on the 28th in India
    expect(formatIndiaDate('2026-11-27T20:43:00Z')).toBe('28-11-2026');
    expect(formatIndiaDateWithTime('2026-11-27T20:43:00Z')).toBe('28-11-2026, 2:13 AM');
    expect(formatIndiaDate(new Date('2027-04-30T18:29:59Z'))).toBe('30-04-2027');
    expect(formatIndiaDate(Date.UTC(2026, 0, 1, 12))).toBe('01-01-2026');
  });

  it('keeps the day of a calendar date and says NA for nothing or nonsense', () => {
    expect(formatIndiaDate('2027-04-30')).toBe('30-04-2027');
    expect(formatIndiaDate('2027-02-30')).toBe('NA');
    expect(formatIndiaDate(null)).toBe('NA');
    expect(formatIndiaDate('soon')).toBe('NA');
    expect(formatIndiaDateWithTime(undefined)).toBe('NA');
  });
});

describe('plural', () => {
  it('says one thing in the singular and every other count in the plural', () => {
    expect(plural(1, 'student')).toBe('1 student');
    expect(plural(0, 'student')).toBe('0 students');
    expect(plural(2, 'package')).toBe('2 packages');
    expect(plural(2, 'class', 'classes')).toBe('2 classes');
  });

  it('groups large counts the Indian way', () => {
    expect(plural(123456, 'video')).toBe('1,23,456 videos');
  });
});
