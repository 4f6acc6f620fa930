import { describe, expect, it } from 'vitest';
import { computeTotals } from './subject-totals';

const sub = (videoDuration: number, active = true, trial = false) => ({ subTopic: { active, trial, videoDuration } });

describe('subject totals', () => {
  it('counts everything, active items only where every ancestor is active, and free trial', () => {
    const totals = computeTotals([
      {
        active: true,
        trial: false,
        topics: [
          { active: true, trial: false, contents: [sub(100), sub(50, true, true), sub(30, false, true)] },
          { active: false, trial: false, contents: [sub(200)] },
        ],
      },
      { active: false, trial: true, topics: [{ active: true, trial: false, contents: [sub(400)] }] },
      { active: true, trial: true, topics: [{ active: true, trial: false, contents: [sub(10)] }] },
    ]);
    expect(totals).toEqual({
      units: 3,
      activeUnits: 2,
      topics: 4,
      activeTopics: 2,
      subTopics: 6,
      activeSubTopics: 3,
      totalVideoTime: 790,
      activeVideoTime: 160,
      freeTrialSubTopics: 2,
      freeTrialVideoTime: 60,
    });
  });

  it('is all zeros for an empty subject', () => {
    expect(Object.values(computeTotals([])).every((v) => v === 0)).toBe(true);
  });
});
