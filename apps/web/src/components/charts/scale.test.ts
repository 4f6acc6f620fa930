import { describe, expect, it } from 'vitest';
import { fitText, linear, niceTicks } from './scale';

describe('niceTicks', () => {
  it('covers zero and the values in round steps', () => {
    expect(niceTicks(0, 7, 4)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(0, 180_000, 4)).toEqual([0, 50_000, 100_000, 150_000, 200_000]);
    expect(niceTicks(3, 9, 3)).toEqual([0, 5, 10]);
  });

  it('goes below zero for negative values', () => {
    expect(niceTicks(-4, 6, 4)).toEqual([-5, 0, 5, 10]);
    expect(niceTicks(-4, 6, 5)).toEqual([-4, -2, 0, 2, 4, 6]);
    expect(niceTicks(-30, -10, 3)).toEqual([-30, -20, -10, 0]);
  });

  it('gives 0 and 1 when every value is zero, or there are none', () => {
    expect(niceTicks(0, 0, 5)).toEqual([0, 1]);
    expect(niceTicks(Math.max(), Math.min(), 5)).toEqual([0, 1]);
  });

  it('keeps whole numbers for counts, fractions when asked', () => {
    expect(niceTicks(0, 2, 5)).toEqual([0, 1, 2]);
    expect(niceTicks(0, 1, 5, false)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
  });
});

describe('linear', () => {
  it('maps the domain onto the range, reversed too', () => {
    const y = linear([0, 10], [200, 0]);
    expect([y(0), y(5), y(10)]).toEqual([200, 100, 0]);
  });
});

describe('fitText', () => {
  it('keeps text that fits and cuts what does not with an ellipsis', () => {
    expect(fitText('Published', 200, 12)).toBe('Published');
    expect(fitText('Ready to be published', 60, 12)).toBe('Ready to…');
  });
});
