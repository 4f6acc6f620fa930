import { describe, expect, it } from 'vitest';
import { STATUS_STYLES, normaliseStatus, statusStyle } from './status-styles';

// spec 1 §4 table statuses, the subject states and the transcoding states
const SPEC_STATUSES = [
  'featured on homepage',
  'featured on lead page',
  'open',
  'failed',
  'cancelled',
  'submitted',
  'running',
  'accelerated',
  'reserved',
  'featured',
  'listed',
  'not listed',
  'complete',
  'none',
  'incomplete',
  'extended',
  'published',
  'draft',
  'unpublished',
];
const SUBJECT_STATES = ['IN_PROGRESS', 'FINISHED', 'READY_TO_BE_PUBLISHED', 'PUBLISHED'];
const TRANSCODING_STATES = ['SUBMITTED', 'PROGRESSING', 'COMPLETE', 'CANCELED', 'ERROR', 'NOT_STARTED'];

describe('STATUS_STYLES', () => {
  it.each([...SPEC_STATUSES, ...SUBJECT_STATES, ...TRANSCODING_STATES])('has a style for %s', (status) => {
    const style = STATUS_STYLES[normaliseStatus(status)];
    expect(style).toBeDefined();
    expect(style?.label).not.toBe('');
    expect(style?.colour).toMatch(/^#[0-9A-F]{6}$/i);
    expect(style?.background).toMatch(/^#[0-9A-F]{6}$/i);
    expect(statusStyle(status).known).toBe(true);
  });

  it('keys are normalised: lower case, one space for spaces, underscores and hyphens', () => {
    expect(normaliseStatus('  READY_TO_BE  published ')).toBe('ready to be published');
    expect(normaliseStatus('Not-Listed')).toBe('not listed');
    for (const key of Object.keys(STATUS_STYLES)) expect(normaliseStatus(key)).toBe(key);
  });

  it('gives unknown statuses a neutral grey style labelled with the status', () => {
    const style = statusStyle('ON_HOLD');
    expect(style).toMatchObject({ known: false, label: 'On hold' });
    expect(style.colour).toBe(STATUS_STYLES.none?.colour);
    expect(statusStyle('').known).toBe(false);
  });

  it('every text colour is readable on its background (contrast at least 4.5:1)', () => {
    for (const style of Object.values(STATUS_STYLES)) {
      expect(contrast(style.colour, style.background)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(style.colour, '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
    }
  });
});

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}
