import { describe, expect, it } from 'vitest';
import {
  attendanceVerdict,
  attendedSeconds,
  classSpan,
  clashMessage,
  goLiveFrom,
  liveClassStatusAt,
  MEETING_PROVIDERS,
  accountHoldsOneMeeting,
  findClash,
  mergeSpans,
  spansOverlap,
  zoomCsvSessions,
  zoomTime,
  type ScheduledSlot,
} from './live-class-rules';

const at = (hhmmss: string) => Date.parse(`2026-11-30T${hhmmss}+05:30`);
const slot = (
  id: string,
  start: string,
  minutes: number,
  teacherId = 't1',
  account: string | null = 'a1',
): ScheduledSlot => ({
  liveClassId: id,
  title: `Class ${id}`,
  teacherId,
  meetingAccountId: account,
  startTime: `2026-11-30T${start}:00+05:30`,
  durationMinutes: minutes,
});

describe('the overlap rule', () => {
  it.each([
    ['10:00', 60, '11:00', 60, false],
    ['10:00', 60, '10:59', 30, true],
    ['10:00', 90, '10:15', 15, true],
    ['09:00', 60, '10:00', 60, false],
    ['10:30', 60, '10:00', 45, true],
  ])('%s for %i min and %s for %i min overlap: %s', (a, am, b, bm, expected) => {
    const spanA = classSpan(`2026-11-30T${a}:00+05:30`, am);
    const spanB = classSpan(`2026-11-30T${b}:00+05:30`, bm);
    expect(spansOverlap(spanA, spanB)).toBe(expected);
  });

  it('names the same teacher first, then the same account, and skips the class being edited', () => {
    const others = [slot('x', '10:30', 60, 't2', 'a1'), slot('y', '10:45', 30, 't1', 'a9')];
    expect(findClash(slot('new', '10:00', 60), others)).toMatchObject({ kind: 'account', other: { liveClassId: 'x' } });
    expect(findClash(slot('new', '10:40', 30), others)).toMatchObject({ kind: 'account', other: { liveClassId: 'x' } });
    expect(findClash(slot('new', '10:50', 10, 't1', 'a5'), others)).toMatchObject({
      kind: 'teacher',
      other: { liveClassId: 'y' },
    });
    expect(findClash(slot('y', '10:45', 30, 't1', 'a9'), others)).toBeNull();
    expect(findClash(slot('new', '11:30', 60), others)).toBeNull();
    expect(findClash(slot('new', '10:00', 60, 't3', null), others)).toBeNull();
  });

  it('lets only an account that holds one meeting at a time clash (a Zoom user; not Jitsi rooms or typed links)', () => {
    expect(MEETING_PROVIDERS.filter(accountHoldsOneMeeting)).toEqual(['ZOOM']);
  });
});

describe('a clash in words', () => {
  it('names the teacher or the account and the other class with its India times', () => {
    const other = slot('x', '10:30', 60, 't2', 'a1');
    const names = { teacherName: 'Ravi Kumar', accountName: 'Zoom 1' };
    const teacher = clashMessage({ kind: 'teacher', other }, names);
    expect(teacher.key).toBe('teacherOverlap');
    expect(teacher.values).toEqual({
      teacherName: 'Ravi Kumar',
      otherTitle: 'Class x',
      otherStart: 'Mon, 30 Nov, 10:30 AM',
      otherEnd: '11:30 AM',
    });
    const account = clashMessage({ kind: 'account', other }, names);
    expect(account.key).toBe('accountOverlap');
    expect(account.values).toMatchObject({ accountName: 'Zoom 1', otherTitle: 'Class x' });
    expect(account.values).not.toHaveProperty('teacherName');
  });

  it('writes the day of the end too when the other class runs past midnight', () => {
    const late = clashMessage(
      { kind: 'teacher', other: slot('z', '23:30', 60) },
      { teacherName: 'T', accountName: '' },
    );
    expect(late.values.otherEnd).toBe('Tue, 1 Dec, 12:30 AM');
  });
});

describe('the status of a class in time', () => {
  const cls = { status: 'SCHEDULED', startTime: '2026-11-30T10:00:00+05:30', durationMinutes: 60 };
  it.each([
    ['10:59:59', 'SCHEDULED'],
    ['11:29:59', 'SCHEDULED'],
    ['11:30:00', 'ENDED'],
  ])('a scheduled 10:00-11:00 class at %s is %s (30 minutes of grace)', (time, expected) => {
    expect(liveClassStatusAt(cls, at(time))).toBe(expected);
  });

  it('keeps a live class live until the grace ends, and an ended class ended', () => {
    expect(liveClassStatusAt({ ...cls, status: 'LIVE' }, at('11:15:00'))).toBe('LIVE');
    expect(liveClassStatusAt({ ...cls, status: 'ENDED' }, at('10:05:00'))).toBe('ENDED');
  });

  it('lets the teacher go live 15 minutes before the start', () => {
    expect(goLiveFrom(cls.startTime)).toBe(at('09:45:00'));
  });
});

describe('attendance', () => {
  it('merges rejoins and overlapping devices, counting each second once', () => {
    const spans = [
      { start: at('10:00:00'), end: at('10:20:00') },
      { start: at('10:10:00'), end: at('10:25:30') },
      { start: at('10:40:00'), end: at('10:50:00') },
      { start: at('10:50:00'), end: at('10:55:00') },
    ];
    expect(mergeSpans(spans)).toEqual([
      { start: at('10:00:00'), end: at('10:25:30') },
      { start: at('10:40:00'), end: at('10:55:00') },
    ]);
    expect(attendedSeconds(spans)).toBe(25 * 60 + 30 + 15 * 60);
  });

  it('counts only the time inside the class', () => {
    const spans = [
      { start: at('09:50:00'), end: at('10:05:00') },
      { start: at('10:55:00'), end: at('11:30:00') },
    ];
    expect(attendedSeconds(spans, { start: at('10:00:00'), end: at('11:00:00') })).toBe(10 * 60);
  });

  it.each([
    [9 * 60, 45, 75, false, 'absent: 9 of 45 minutes, below 75%'],
    [Math.ceil(45 * 60 * 0.75), 45, 75, true, 'present: 33 of 45 minutes (at least 75%)'],
    [Math.ceil(45 * 60 * 0.75) - 1, 45, 75, false, 'absent: 33 of 45 minutes, below 75%'],
    [30 * 60, 60, 50, true, 'present: 30 of 60 minutes (at least 50%)'],
  ])('%i seconds of a %i-minute class at %i%%: present %s', (seconds, minutes, share, present, explanation) => {
    expect(attendanceVerdict(seconds, minutes, share)).toEqual({
      present,
      minutes: Math.floor(seconds / 60),
      explanation,
    });
  });
});

describe("Zoom's participants CSV", () => {
  it('reads India times and the original name, and reports rows it cannot read', () => {
    expect(zoomTime('11/30/2026 10:01:23 AM')).toBe('2026-11-30T04:31:23.000Z');
    expect(zoomTime('11/30/2026 12:05:00 PM')).toBe('2026-11-30T06:35:00.000Z');
    expect(zoomTime('yesterday')).toBeNull();
    const { sessions, rejected } = zoomCsvSessions([
      {
        'Name (Original Name)': 'Ananya (Ananya Sharma)',
        'User Email': 'ananya@example.in',
        'Join Time': '11/30/2026 10:00:00 AM',
        'Leave Time': '11/30/2026 10:40:00 AM',
      },
      { 'Name (Original Name)': '', 'User Email': '', 'Join Time': '', 'Leave Time': '' },
      { 'Name (Original Name)': 'Rahul', 'User Email': '', 'Join Time': '11/30/2026 10:00:00 AM', 'Leave Time': '' },
    ]);
    expect(sessions).toEqual([
      {
        name: 'Ananya',
        email: 'ananya@example.in',
        registrantId: '',
        phone: '',
        joinTime: '2026-11-30T04:30:00.000Z',
        leaveTime: '2026-11-30T05:10:00.000Z',
      },
    ]);
    expect(rejected).toEqual([
      { rowNumber: 4, reason: 'The join or leave time is missing or not a time Zoom writes.' },
    ]);
  });
});
