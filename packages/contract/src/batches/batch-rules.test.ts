import { describe, expect, it } from 'vitest';
import { failureLine, readMobileCell, sheetProblems, type SheetRow } from './batch-rules';

const row = (rowNumber: number, mobileNumber: string, extra: Partial<SheetRow> = {}): SheetRow => ({
  rowNumber,
  name: 'Aarav Mehta',
  mobileNumber,
  email: '',
  rollNumber: '',
  ...extra,
});

describe('readMobileCell', () => {
  it.each([
    ['9876543210', '9876543210', null],
    [9876543210, '9876543210', null],
    ['+91 98765 43210', '9876543210', "Spaces or dashes removed; '+91' removed"],
    ['+919876543210', '9876543210', "'+91' removed"],
    ['09876543210', '9876543210', 'Leading 0 removed'],
    ['98765-43210', '9876543210', 'Spaces or dashes removed'],
    ['9.87654321E9', '9876543210', 'The sheet stored it as a number in scientific notation: check it'],
  ])('reads %j as %s (fix: %s)', (cell, value, why) => {
    const read = readMobileCell(cell);
    expect(read.value).toBe(value);
    expect(read.fix?.why ?? null).toBe(why);
    expect(read.lostDigits).toBe(false);
  });

  it("refuses to guess the digits of '9.87E+09'", () => {
    expect(readMobileCell('9.87E+09')).toEqual({ value: '9.87E+09', fix: null, lostDigits: true });
  });

  it('leaves what cannot be a number as it is, without a fix', () => {
    expect(readMobileCell('12345')).toEqual({ value: '12345', fix: null, lostDigits: false });
    expect(readMobileCell('+91 12345 67890')).toEqual({ value: '+91 12345 67890', fix: null, lostDigits: false });
    expect(readMobileCell(undefined)).toEqual({ value: '', fix: null, lostDigits: false });
  });
});

describe('sheetProblems', () => {
  it('names each problem of a row, and a duplicate by the row it repeats', () => {
    const problems = sheetProblems([
      row(2, '9876543210', { rollNumber: 'K-1' }),
      row(3, '9876543210', { email: 'not-mail', rollNumber: 'k-1' }),
      row(4, '', { name: ' ' }),
      row(5, '5876543210', { rollNumber: 'bad roll' }),
      row(6, '9876543211', { email: 'riya.sharma@example.in' }),
    ]);
    expect(problems).toEqual([
      [],
      [
        'The mobile number 9876543210 is also on row 2 of this sheet.',
        "'not-mail' is not an e-mail address.",
        'The roll number k-1 is also on row 2 of this sheet.',
      ],
      ['The name is missing.', 'The mobile number is missing.'],
      [
        "'5876543210' is not a mobile number: it needs 10 digits starting with 6, 7, 8 or 9.",
        "'bad roll' is not a roll number: up to 20 letters, digits, '/' or '-'.",
      ],
      [],
    ]);
  });
});

describe('failureLine', () => {
  it("words a failed student as spec 2 §8 does: 'For {name} {reason}', or the reason alone", () => {
    expect(failureLine({ name: 'Ishaan Verma', reason: "batch 'NEET 2027' is closed." })).toBe(
      "For Ishaan Verma batch 'NEET 2027' is closed.",
    );
    expect(failureLine({ name: '', reason: 'does not exist.' })).toBe('does not exist.');
  });
});
