import { describe, expect, it } from 'vitest';
import { code128Bars, code128Values, code128Widths } from './code128';

describe('Code 128 B', () => {
  it.each([
    // start B, data (character - 32), checksum (start + sum of value x position, mod 103), stop
    ['AB', [104, 33, 34, 102, 106]],
    ['D12345678', [104, 36, 17, 18, 19, 20, 21, 22, 23, 24, 54, 106]],
    [' ', [104, 0, 1, 106]],
    ['~', [104, 94, 95, 106]],
  ])('%j is %j', (text, values) => {
    expect(code128Values(text)).toEqual(values);
  });

  it('is eleven modules a symbol and thirteen for the stop, bar first and last', () => {
    for (const text of ['A', 'EE123456789IN', '50412345678', 'DP-0028-2']) {
      const widths = code128Widths(text);
      expect(widths).toHaveLength(6 * (text.length + 2) + 7);
      expect(widths.reduce((a, b) => a + b, 0)).toBe(11 * (text.length + 2) + 13);
      expect(widths.every((w) => w >= 1 && w <= 4)).toBe(true);
      const bars = code128Bars(text);
      expect(bars).toHaveLength(3 * (text.length + 2) + 4);
      expect(bars[0]).toEqual({ x: 0, width: 2 });
    }
  });

  it('refuses what set B cannot encode', () => {
    expect(() => code128Values('é')).toThrow(RangeError);
    expect(() => code128Values('a\nb')).toThrow(RangeError);
  });
});
