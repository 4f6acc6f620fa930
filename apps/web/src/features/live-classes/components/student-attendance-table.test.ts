import { describe, expect, it } from 'vitest';
import { ABSENT_ROHAN, studentRow } from '../test/fixtures';
import { attendanceCsv } from './student-attendance-table';

describe('the attendance CSV', () => {
  it('has a line per student with why, quoting what needs it', () => {
    const csv = attendanceCsv([
      studentRow('st-1', 'Sharma, Ananya', { matchedBy: 'BY_HAND' }),
      { ...ABSENT_ROHAN, batchName: 'NEET "Weekend"' },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Student,Mobile,Batch,Present,Minutes,Joined,Left,Matched by,Why',
      '"Sharma, Ananya",9876500001,JEE 2027 A,yes,54,2026-11-24T04:31:00.000Z,2026-11-24T05:25:00.000Z,By hand,present: 54 of 60 minutes (at least 75%)',
      'Rohan Mehta,9876500002,"NEET ""Weekend""",no,0,,,,"absent: 0 of 60 minutes, below 75%"',
      '',
    ]);
  });
});
