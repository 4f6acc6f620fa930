import { describe, expect, it } from 'vitest';
import {
  STUDENT_UPDATE_ACTIONS,
  STUDENT_UPDATE_STATES,
  canDeleteUpdate,
  isStudentUpdateType,
  nextUpdateState,
  scheduleProblem,
  type StudentUpdateAction,
  type StudentUpdateState,
} from './student-update-rules';

describe('nextUpdateState', () => {
  // every (state, action) pair: the state it leads to, or '!' for refused
  const table: Record<string, Record<StudentUpdateAction, StudentUpdateState | '!'>> = {
    new: { DRAFT: 'DRAFT', SCHEDULE: 'SCHEDULED', PUBLISH: 'PUBLISHED', WITHDRAW: '!' },
    DRAFT: { DRAFT: 'DRAFT', SCHEDULE: 'SCHEDULED', PUBLISH: 'PUBLISHED', WITHDRAW: '!' },
    SCHEDULED: { DRAFT: 'DRAFT', SCHEDULE: 'SCHEDULED', PUBLISH: 'PUBLISHED', WITHDRAW: 'DRAFT' },
    PUBLISHED: { DRAFT: '!', SCHEDULE: '!', PUBLISH: 'PUBLISHED', WITHDRAW: 'WITHDRAWN' },
    WITHDRAWN: { DRAFT: 'DRAFT', SCHEDULE: 'SCHEDULED', PUBLISH: 'PUBLISHED', WITHDRAW: '!' },
  };
  for (const from of ['new', ...STUDENT_UPDATE_STATES] as const) {
    for (const action of STUDENT_UPDATE_ACTIONS) {
      const expected = table[from]![action];
      it(`${from} + ${action} -> ${expected}`, () => {
        const result = nextUpdateState(from === 'new' ? null : from, action);
        if (expected === '!') expect(result).toHaveProperty('error');
        else expect(result).toEqual({ state: expected });
      });
    }
  }

  it('names the state and the action when it refuses', () => {
    expect(nextUpdateState('PUBLISHED', 'SCHEDULE')).toEqual({ error: 'A published update cannot be scheduled.' });
    expect(nextUpdateState('DRAFT', 'WITHDRAW')).toEqual({ error: 'A draft update cannot be withdrawn.' });
  });
});

describe('the other rules', () => {
  it('deletes anything students do not see now', () => {
    expect(STUDENT_UPDATE_STATES.filter(canDeleteUpdate)).toEqual(['DRAFT', 'SCHEDULED', 'WITHDRAWN']);
  });

  it('takes a schedule between a minute and a year ahead', () => {
    const now = new Date('2026-11-27T04:00:00Z');
    expect(scheduleProblem(undefined, now)).toBe('Choose when to publish it.');
    expect(scheduleProblem('soon', now)).toBe('Choose when to publish it.');
    expect(scheduleProblem('2026-11-27T04:00:30Z', now)).toBe('Choose a time at least a minute from now.');
    expect(scheduleProblem('2026-11-27T04:01:00Z', now)).toBeNull();
    expect(scheduleProblem('2027-11-27T04:00:00Z', now)).toBeNull();
    expect(scheduleProblem('2027-11-28T04:00:00Z', now)).toBe('Choose a time within a year.');
  });

  it('knows the update types, and nothing else', () => {
    expect(isStudentUpdateType('exam-alerts')).toBe(true);
    expect(isStudentUpdateType('Exam-Alerts')).toBe(false);
    expect(isStudentUpdateType('news')).toBe(false);
  });
});
