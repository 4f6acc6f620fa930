import { describe, expect, it } from 'vitest';
import {
  basisOf,
  countedSpan,
  findStudents,
  participantIdOf,
  personKey,
  workOut,
  type ClassTimes,
  type MatchedSession,
} from './attendance-rules';

const START = '2026-03-02T04:30:00.000Z';
const at = (hhmm: string) => new Date(`2026-03-02T${hhmm}:00.000Z`);
const cls: ClassTimes = { startTime: new Date(START), durationMinutes: 60, presentSharePercent: 75, endedAt: null };

describe('who a session is', () => {
  const none = { registrantId: '', email: '', phone: '', name: '' };
  it.each([
    ['the registrant id first', { ...none, registrantId: 'r1', email: 'a@x.in', name: 'A' }, 'registrant:r1'],
    ['else the e-mail, without regard to case', { ...none, email: ' Asha@X.in ', name: 'A' }, 'email:asha@x.in'],
    ['else the last 10 digits of the phone', { ...none, phone: '+91 98450-12345', name: 'A' }, 'mobile:9845012345'],
    ['else the display name, spaces folded', { ...none, name: '  Rahul   KUMAR ' }, 'name:rahul kumar'],
    ['nobody when nothing is said', none, null],
  ])('%s', (_what, session, key) => {
    expect(personKey(session)).toBe(key);
  });

  it('keeps a person id across imports, short enough for the contract', () => {
    expect(participantIdOf('email:asha@x.in')).toBe(participantIdOf('email:asha@x.in'));
    expect(participantIdOf('email:asha@x.in')).not.toBe(participantIdOf('name:asha'));
    expect(participantIdOf('email:asha@x.in').length).toBeLessThanOrEqual(64);
  });
});

describe('which student a person is', () => {
  const students = [
    { id: 's-asha', email: 'Asha@x.in', mobileNumber: '9800000001' },
    { id: 's-rahul-1', email: 'rahul.k@x.in', mobileNumber: '9800000002' },
    { id: 's-rahul-2', email: 'rahul.kumar2@x.in', mobileNumber: '9800000003' },
    { id: 's-twin-a', email: 'family@x.in', mobileNumber: '9800000004' },
    { id: 's-twin-b', email: 'family@x.in', mobileNumber: '9800000005' },
  ];
  const person = (emails: string[], mobiles: string[] = []) => ({
    participantId: 'p',
    emails: new Set(emails),
    mobiles: new Set(mobiles),
  });
  it.each([
    [
      'by registered e-mail, without regard to case',
      person(['asha@x.in']),
      { studentId: 's-asha', matchedBy: 'EMAIL' },
    ],
    ['by mobile number', person([], ['9800000003']), { studentId: 's-rahul-2', matchedBy: 'MOBILE' }],
    [
      'by mobile when the e-mail is unknown',
      person(['gmail@x.in'], ['9800000002']),
      { studentId: 's-rahul-1', matchedBy: 'MOBILE' },
    ],
    ['nobody for an unknown e-mail and number', person(['someone@x.in'], ['9111111111']), undefined],
    ['nobody for an e-mail two students share', person(['family@x.in']), undefined],
    [
      'the number when the shared e-mail is ambiguous',
      person(['family@x.in'], ['9800000005']),
      { studentId: 's-twin-b', matchedBy: 'MOBILE' },
    ],
    ['nobody when two e-mails of one person name two students', person(['asha@x.in', 'rahul.k@x.in']), undefined],
  ])('%s', (_what, p, expected) => {
    expect(findStudents([p], students).get('p')).toEqual(expected);
  });
});

describe('a class worked out', () => {
  const s = (
    participantId: string,
    studentId: string | null,
    join: string,
    leave: string,
    matchedBy: string | null = studentId ? 'EMAIL' : null,
  ): MatchedSession => ({
    participantId,
    name: participantId,
    email: '',
    joinTime: at(join),
    leaveTime: at(leave),
    studentId,
    matchedBy,
  });

  it.each([
    ['one stay', [s('a', 'st', '04:30', '05:15')], 45, true],
    ['rejoins add up', [s('a', 'st', '04:30', '04:50'), s('a', 'st', '05:00', '05:25')], 45, true],
    ['a short stay is absent', [s('a', 'st', '04:30', '04:39')], 9, false],
    [
      'two devices at once count once',
      [s('a', 'st', '04:30', '05:00'), s('b', 'st', '04:40', '05:10', 'MOBILE')],
      40,
      false,
    ],
    ['time before the start and after the end is not counted', [s('a', 'st', '04:00', '05:45')], 60, true],
    ['just at the share is present', [s('a', 'st', '04:40', '05:25')], 45, true],
  ])('%s: %i minutes, present %s', (_what, sessions, minutes, present) => {
    const [result] = workOut(cls, sessions).results;
    expect(Math.floor(result!.seconds / 60)).toBe(minutes);
    expect(result!.present).toBe(present);
    expect(result!.explanation).toMatch(present ? /^present: / : /^absent: /);
  });

  it('explains itself', () => {
    const [result] = workOut({ ...cls, durationMinutes: 45 }, [s('a', 'st', '04:30', '04:39')]).results;
    expect(result!.explanation).toBe('absent: 9 of 45 minutes, below 75%');
  });

  it('counts a class that ran over to its actual end, and not before the scheduled start', () => {
    const over = { ...cls, endedAt: at('05:40') };
    expect(countedSpan(over)).toEqual({ start: at('04:30').getTime(), end: at('05:40').getTime() });
    expect(countedSpan({ ...cls, endedAt: at('05:10') }).end).toBe(at('05:30').getTime());
    const [result] = workOut(over, [s('a', 'st', '04:20', '05:40')]).results;
    expect(result!.seconds).toBe(70 * 60);
    expect(basisOf(over)).not.toBe(basisOf(cls));
  });

  it('names the strongest way a student was matched, and their merged stretches', () => {
    const [result] = workOut(cls, [
      s('a', 'st', '04:30', '04:50', 'MOBILE'),
      s('b', 'st', '04:45', '05:00', 'BY_HAND'),
      s('a', 'st', '05:10', '05:20', 'MOBILE'),
    ]).results;
    expect(result!.matchedBy).toBe('BY_HAND');
    expect(result!.spans).toEqual([
      { joinTime: at('04:30').toISOString(), leaveTime: at('05:00').toISOString() },
      { joinTime: at('05:10').toISOString(), leaveTime: at('05:20').toISOString() },
    ]);
  });

  it('lists the unmatched persons and counts people in class each minute, a student on two devices once', () => {
    const worked = workOut(cls, [
      s('a', 'st', '04:30', '04:45'),
      s('b', 'st', '04:30', '04:35', 'MOBILE'),
      s('x', null, '04:31', '04:32'),
      s('x', null, '04:40', '04:41'),
      s('y', null, '04:20', '04:30'),
    ]);
    expect(worked.unmatched.map((u) => [u.participantId, u.minutes])).toEqual([
      ['x', 2],
      ['y', 0],
    ]);
    expect(worked.timeline).toHaveLength(60);
    expect(worked.timeline.slice(0, 3).map((m) => m.inClass)).toEqual([1, 2, 1]);
    expect(worked.timeline[10]!.inClass).toBe(2);
    expect(worked.timeline[15]!.inClass).toBe(0);
  });
});
