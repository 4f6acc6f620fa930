import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validateAnswer } from './validate-answer';

const Row = z.object({ id: z.string(), seconds: z.number() });
const Page = z.object({ content: z.array(Row), total: z.number() });
const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `r${i}`, seconds: i }));

describe('validateAnswer', () => {
  it('checks a small answer whole', () => {
    const bad = { content: [...rows(10), { id: 7, seconds: 1 }], total: 11 };
    expect(validateAnswer(Page, bad).success).toBe(false);
    expect(validateAnswer(Page, { content: rows(10), total: 10 })).toEqual({
      success: true,
      data: { content: rows(10), total: 10 },
    });
  });

  it('checks the head of a long list and takes the rest as it is, the same object', () => {
    const answer = { content: rows(10_000), total: 10_000 };
    const result = validateAnswer(Page, answer);
    expect(result.success).toBe(true);
    expect(result.success && result.data).toBe(answer);
  });

  it('refuses a long list whose head breaks the contract, or whose frame does', () => {
    const answer = { content: rows(10_000), total: 10_000 };
    answer.content[3] = { id: 'r3', seconds: 'three' as unknown as number };
    expect(validateAnswer(Page, answer).success).toBe(false);
    expect(validateAnswer(Page, { content: rows(10_000), total: 'many' }).success).toBe(false);
  });

  it('parses the whole answer when the schema changes values (defaults, transforms, unknown keys)', () => {
    const Upper = z.object({ content: z.array(z.object({ id: z.string().transform((id) => id.toUpperCase()) })) });
    const result = validateAnswer(Upper, { content: rows(1_000).map(({ id }) => ({ id })) });
    expect(result.success && result.data.content[999]).toEqual({ id: 'R999' });
    const withExtra = { content: rows(1_000).map((row) => ({ ...row, extra: true })), total: 1_000 };
    const stripped = validateAnswer(Page, withExtra);
    expect(stripped.success && stripped.data.content[999]).toEqual({ id: 'r999', seconds: 999 });
  });
});
