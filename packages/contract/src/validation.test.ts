import { describe, it, expect } from 'vitest';
import {
  DATE_RANGE_MESSAGE,
  EDITABLE_TEXT_MAX,
  HEADER_INPUT_MAX,
  MOBILE_NUMBER_PATTERN,
  MULTIPLE_FILES_MESSAGE,
  NUMBER_SEARCH_MAX,
  clampHeaderInput,
  defaultDateRange,
  editableTextCommit,
  emptyFields,
  isBlank,
  isHeaderInputSubmittable,
  isValidMobileNumber,
  numberSearchInput,
  singleFileCheck,
  validateDateRange,
} from './validation';

describe('emptyFields', () => {
  it('does not treat 0, false or empty collections as empty', () => {
    expect(emptyFields({ n: 0, f: false, arr: [], obj: {} })).toEqual([]);
    expect(emptyFields({})).toEqual([]);
  });

  it('lists the keys of empty fields in order', () => {
    expect(
      emptyFields({
        name: '',
        mobile: '9876543210',
        email: null,
        city: ' ',
        pin: 0,
      }),
    ).toEqual(['name', 'email', 'city']);
    expect(emptyFields({ a: 'x' })).toEqual([]);
    expect(emptyFields({ a: undefined })).toEqual(['a']);
  });
});

describe('isBlank', () => {
  it('is true for null, undefined, empty and whitespace-only strings', () => {
    expect(isBlank(null)).toBe(true);
    expect(isBlank(undefined)).toBe(true);
    expect(isBlank('')).toBe(true);
    expect(isBlank(' \n\t ')).toBe(true);
  });

  it('is false for text', () => {
    expect(isBlank('a')).toBe(false);
    expect(isBlank('  a  ')).toBe(false);
  });
});

describe('table header input', () => {
  it('limits input to 200 characters', () => {
    expect(HEADER_INPUT_MAX).toBe(200);
    expect(clampHeaderInput('a'.repeat(199))).toBe('a'.repeat(199));
    expect(clampHeaderInput('a'.repeat(200))).toBe('a'.repeat(200));
    expect(clampHeaderInput('a'.repeat(201))).toBe('a'.repeat(200));
    expect(clampHeaderInput(`${'b'.repeat(200)}tail`)).toBe('b'.repeat(200));
    expect(clampHeaderInput('')).toBe('');
  });

  it('does not leave half of an emoji at the cut', () => {
    const out = clampHeaderInput(`${'a'.repeat(199)}😀`);
    expect(out).toBe('a'.repeat(199));
  });

  it('enables the button only for text that is not blank', () => {
    expect(isHeaderInputSubmittable('')).toBe(false);
    expect(isHeaderInputSubmittable('   ')).toBe(false);
    expect(isHeaderInputSubmittable('\t\n')).toBe(false);
    expect(isHeaderInputSubmittable('x')).toBe(true);
    expect(isHeaderInputSubmittable('  x ')).toBe(true);
  });
});

describe('numberSearchInput', () => {
  it('accepts up to 10 digits', () => {
    expect(NUMBER_SEARCH_MAX).toBe(10);
    expect(numberSearchInput('')).toBe('');
    expect(numberSearchInput('9')).toBe('9');
    expect(numberSearchInput('987654321')).toBe('987654321');
    expect(numberSearchInput('9876543210')).toBe('9876543210');
    expect(numberSearchInput('0000000000')).toBe('0000000000');
  });

  it('clears the field for 11 digits', () => {
    expect(numberSearchInput('98765432101')).toBe('');
  });

  it('clears the field for any non-digit input', () => {
    for (const input of ['12a', 'a', '12 34', ' 123', '-1', '1.5', '+91', '１２３', '1e3']) {
      expect(numberSearchInput(input)).toBe('');
    }
  });
});

describe('editableTextCommit', () => {
  it('has a 200-character limit', () => {
    expect(EDITABLE_TEXT_MAX).toBe(200);
  });

  it('reports the trimmed new value when it differs', () => {
    expect(editableTextCommit('Algebra', 'Geometry')).toBe('Geometry');
    expect(editableTextCommit('Algebra', '  Geometry  ')).toBe('Geometry');
    expect(editableTextCommit('', 'New')).toBe('New');
  });

  it('ignores blank values', () => {
    expect(editableTextCommit('Algebra', '')).toBeNull();
    expect(editableTextCommit('Algebra', '   ')).toBeNull();
  });

  it('ignores values equal after trimming', () => {
    expect(editableTextCommit('Algebra', 'Algebra')).toBeNull();
    expect(editableTextCommit('Algebra', '  Algebra ')).toBeNull();
    expect(editableTextCommit(' Algebra ', 'Algebra')).toBeNull();
  });

  it('is case sensitive', () => {
    expect(editableTextCommit('Algebra', 'algebra')).toBe('algebra');
  });

  it('accepts 200 characters and truncates longer values to 200', () => {
    expect(editableTextCommit('x', 'a'.repeat(200))).toBe('a'.repeat(200));
    expect(editableTextCommit('x', 'a'.repeat(201))).toBe('a'.repeat(200));
    expect(editableTextCommit('x', 'a'.repeat(250))).toHaveLength(200);
  });

  it('compares after truncating', () => {
    expect(editableTextCommit('a'.repeat(200), 'a'.repeat(201))).toBeNull();
    expect(editableTextCommit('a'.repeat(200), `${'a'.repeat(200)}zzz`)).toBeNull();
  });

  it('does not report an untouched cell whose stored value exceeds the limit', () => {
    const long = 'b'.repeat(250);
    expect(editableTextCommit(long, long)).toBeNull();
  });

  it('trims before truncating and trims the cut end', () => {
    expect(editableTextCommit('x', `   ${'a'.repeat(200)}`)).toBe('a'.repeat(200));
    expect(editableTextCommit('x', `${'a'.repeat(199)}  bbb`)).toBe('a'.repeat(199));
  });
});

describe('validateDateRange', () => {
  const start = new Date(2026, 0, 1);
  const end = new Date(2026, 0, 31);

  it("has the spec's message", () => {
    expect(DATE_RANGE_MESSAGE).toBe('Select proper date range!');
  });

  it('accepts a start strictly earlier than the end', () => {
    expect(validateDateRange(start, end)).toBeUndefined();
    expect(validateDateRange(start, new Date(start.getTime() + 1))).toBeUndefined();
  });

  it('refuses equal dates', () => {
    expect(validateDateRange(start, new Date(start.getTime()))).toBe(DATE_RANGE_MESSAGE);
  });

  it('refuses a start after the end', () => {
    expect(validateDateRange(end, start)).toBe(DATE_RANGE_MESSAGE);
  });

  it('refuses missing or invalid dates', () => {
    expect(validateDateRange(null, end)).toBe(DATE_RANGE_MESSAGE);
    expect(validateDateRange(start, null)).toBe(DATE_RANGE_MESSAGE);
    expect(validateDateRange(null, null)).toBe(DATE_RANGE_MESSAGE);
    expect(validateDateRange(new Date(Number.NaN), end)).toBe(DATE_RANGE_MESSAGE);
    expect(validateDateRange(start, new Date(Number.NaN))).toBe(DATE_RANGE_MESSAGE);
  });
});

describe('defaultDateRange', () => {
  it('spans the last 30 days: start 30 days back at midnight, end today', () => {
    const today = new Date(2026, 2, 15, 14, 30, 45, 123);
    const { start, end } = defaultDateRange(today);
    expect(end.getTime()).toBe(today.getTime());
    expect(start.getFullYear()).toBe(2026);
    expect(start.getMonth()).toBe(1);
    expect(start.getDate()).toBe(13);
    expect([start.getHours(), start.getMinutes(), start.getSeconds(), start.getMilliseconds()]).toEqual([0, 0, 0, 0]);
  });

  it('crosses year boundaries', () => {
    const { start } = defaultDateRange(new Date(2026, 0, 10, 9, 0));
    expect(start.getTime()).toBe(new Date(2025, 11, 11).getTime());
  });

  it('returns copies, not the passed date', () => {
    const today = new Date(2026, 5, 1, 8);
    const range = defaultDateRange(today);
    expect(range.end).not.toBe(today);
    range.end.setFullYear(2000);
    expect(today.getFullYear()).toBe(2026);
  });

  it('produces a range that passes validateDateRange', () => {
    const range = defaultDateRange(new Date(2026, 5, 1, 0, 0));
    expect(validateDateRange(range.start, range.end)).toBeUndefined();
  });

  it('defaults to now', () => {
    const before = Date.now();
    const { end } = defaultDateRange();
    expect(end.getTime()).toBeGreaterThanOrEqual(before);
    expect(end.getTime()).toBeLessThanOrEqual(Date.now());
  });
});

describe('isValidMobileNumber', () => {
  it('accepts 10 digits starting with 6, 7, 8 or 9', () => {
    for (const n of ['6000000000', '7123456789', '8999999999', '9876543210']) {
      expect(isValidMobileNumber(n)).toBe(true);
    }
  });

  it('refuses a first digit 0-5', () => {
    for (const first of ['0', '1', '2', '3', '4', '5']) {
      expect(isValidMobileNumber(`${first}876543210`)).toBe(false);
    }
  });

  it('refuses 9 or 11 digits, non-digits, prefixes and whitespace', () => {
    for (const n of [
      '987654321',
      '98765432101',
      '98765 43210',
      '+919876543210',
      '09876543210',
      ' 9876543210',
      '987654321a',
      '',
    ]) {
      expect(isValidMobileNumber(n)).toBe(false);
    }
  });

  it('exports the pattern', () => {
    expect(MOBILE_NUMBER_PATTERN.test('9876543210')).toBe(true);
    expect(MOBILE_NUMBER_PATTERN.test('5876543210')).toBe(false);
  });
});

describe('singleFileCheck', () => {
  it("has the spec's message", () => {
    expect(MULTIPLE_FILES_MESSAGE).toBe('Multiple Files not supported!');
  });

  it('accepts zero or one file', () => {
    expect(singleFileCheck([])).toBeUndefined();
    expect(singleFileCheck([{ name: 'a.png' }])).toBeUndefined();
  });

  it('refuses more than one file', () => {
    expect(singleFileCheck([{ name: 'a.png' }, { name: 'b.png' }])).toBe(MULTIPLE_FILES_MESSAGE);
    expect(singleFileCheck(['a', 'b', 'c'])).toBe(MULTIPLE_FILES_MESSAGE);
  });
});
