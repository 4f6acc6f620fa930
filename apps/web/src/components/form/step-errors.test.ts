import { describe, expect, it } from 'vitest';
import { collectErrors, fieldMessage, inItem, sentence, stepErrors } from './step-errors';

const STEPS = [
  { label: 'Details', fields: ['name', 'code'] },
  { label: 'Prices', fields: ['subscriptions'] },
  { label: 'Videos', fields: ['videos'] },
] as const;

const ERRORS = {
  code: { type: 'custom', message: 'is required', ref: {} },
  subscriptions: {
    0: { price: { type: 'too_small', message: 'cannot be negative' } },
    2: { months: { type: 'custom', message: 'enter the months' } },
    root: { type: 'custom', message: 'Add at most ten subscriptions' },
  },
};

describe('step errors', () => {
  it('collects every message with the path of its field', () => {
    expect(collectErrors(ERRORS)).toEqual([
      { path: 'code', message: 'is required' },
      { path: 'subscriptions.0.price', message: 'cannot be negative' },
      { path: 'subscriptions.2.months', message: 'enter the months' },
      { path: 'subscriptions', message: 'Add at most ten subscriptions' },
    ]);
  });

  it("names each step's first problem and how many more, nothing for a step without one", () => {
    const texts = stepErrors(STEPS, ERRORS, ({ path, message }) =>
      inItem(path, { subscriptions: 'Subscription' }, fieldMessage(path.split('.').at(-1) ?? '', message) ?? ''),
    );
    expect(texts).toEqual(['code is required.', 'Subscription 1: price cannot be negative. (and 2 more)', undefined]);
  });

  it('reads a message as a sentence, with the label before is, must and cannot', () => {
    expect(sentence('enter the months')).toBe('Enter the months.');
    expect(sentence('Too long!')).toBe('Too long!');
    expect(fieldMessage('Price', 'must be a whole number')).toBe('Price must be a whole number.');
    expect(fieldMessage('Price', 'enter a price')).toBe('Enter a price.');
    expect(fieldMessage('Price', undefined)).toBeUndefined();
  });
});
