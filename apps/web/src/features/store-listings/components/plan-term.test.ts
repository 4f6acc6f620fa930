import { describe, expect, it } from 'vitest';
import { planTerm, termBesideLabel } from './plan-term';

describe('a plan’s term', () => {
  it('is its months, in the right number, or its end date as a table date', () => {
    expect(planTerm({ numberOfMonths: 12, subscriptionEndDate: null })).toBe('12 months');
    expect(planTerm({ numberOfMonths: 1, subscriptionEndDate: null })).toBe('1 month');
    expect(planTerm({ numberOfMonths: null, subscriptionEndDate: '2027-04-30' })).toBe('Until 30-04-2027');
    expect(planTerm({ numberOfMonths: null, subscriptionEndDate: null })).toBeNull();
  });

  it('is said once: not beside a label that says it already', () => {
    const plan = { numberOfMonths: 12, subscriptionEndDate: null };
    expect(termBesideLabel({ ...plan, subscriptionLabel: '12 months' })).toBeNull();
    expect(termBesideLabel({ ...plan, subscriptionLabel: 'One year (12 Months)' })).toBeNull();
    expect(termBesideLabel({ ...plan, subscriptionLabel: 'One year' })).toBe('12 months');
    expect(
      termBesideLabel({ subscriptionLabel: 'Till the exam', numberOfMonths: null, subscriptionEndDate: '2027-04-30' }),
    ).toBe('Until 30-04-2027');
  });
});
