import { describe, expect, it } from 'vitest';
import { DateTimeSchema, DaySchema, LINK_MAX, isSafeLink, linkSchema } from './fields';

describe('DaySchema', () => {
  it('takes days that exist, 29 February only in leap years', () => {
    for (const day of ['2026-06-01', '2027-12-31', '2028-02-29', '2000-02-29', '2099-01-01']) {
      expect(DaySchema.safeParse(day).success, day).toBe(true);
    }
  });

  it('refuses impossible days, other shapes and years out of range, with the field message', () => {
    for (const day of ['2027-02-30', '2026-13-01', '2026-04-31', '2027-02-29', '2026-00-10', '2026-06-00']) {
      const result = DaySchema.safeParse(day);
      expect(result.success, day).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('must be a date like 2027-05-31');
    }
    for (const day of ['2026-6-1', '01-06-2026', '2026-06-01T00:00:00Z', '', 'NaN', ' 2026-06-01']) {
      expect(DaySchema.safeParse(day).success, day).toBe(false);
    }
    expect(DaySchema.safeParse('0000-01-01').error?.issues[0]?.message).toBe(
      'must be a date in the years 2000 to 2099',
    );
    expect(DaySchema.safeParse('2100-01-01').success).toBe(false);
  });
});

describe('DateTimeSchema', () => {
  it('takes instants with Z or an offset on days that exist', () => {
    for (const at of ['2026-06-01T10:00:00Z', '2028-02-29T23:59:59.999+05:30', '2026-06-01T10:00:00.000Z']) {
      expect(DateTimeSchema.safeParse(at).success, at).toBe(true);
    }
  });

  it('refuses impossible days and times, no zone and years out of range', () => {
    for (const at of [
      '2027-02-30T10:00:00Z',
      '2026-04-31T10:00:00+05:30',
      '2026-06-01T25:00:00Z',
      '2026-06-01T10:00:00',
      '0000-01-01T00:00:00Z',
      '9999-12-31T00:00:00Z',
      'NaN',
    ]) {
      expect(DateTimeSchema.safeParse(at).success, at).toBe(false);
    }
  });
});

describe('linkSchema', () => {
  const link = linkSchema('Store icon');

  it('takes https addresses, our file paths, storage keys and what the seed and uploads store', () => {
    for (const value of [
      'https://cdn.lectern.in/store-icon/neet.png',
      'HTTPS://images.example.com/a%20b.jpg?w=200#x',
      'http://localhost:9000/lectern/public/a.png',
      '/files/public/question-paper/jee-main-2025-jan-s1.pdf',
      '/files/student-updates/images/result.png',
      '/demo/diwali-offer.svg',
      'question-paper/neet 2025.pdf',
      'transcoded/v-1/thumb-3.jpg',
      '',
    ]) {
      expect(link.safeParse(value).success, value).toBe(true);
    }
  });

  it('refuses scripts, data, other schemes, plain http elsewhere, hidden characters and tricks', () => {
    for (const value of [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      '  javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\u0000script:alert(1)',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'data:text/html;base64,PHNjcmlwdD4=',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'http://evil.example/a.png',
      'ftp://example.com/a.png',
      '//evil.example/a.png',
      '/\\evil.example/a.png',
      'https://user:pass@example.com/a.png',
      'https://example.com/a\u202e.png',
      '/files/../../etc/passwd',
      '../secret',
      'https:',
    ]) {
      const result = link.safeParse(value);
      expect(result.success, JSON.stringify(value)).toBe(false);
    }
    expect(link.safeParse('javascript:alert(1)').error?.issues[0]?.message).toBe(
      'Store icon must be an https:// link or a file uploaded here',
    );
    expect(link.safeParse(`https://example.com/${'a'.repeat(LINK_MAX)}`).error?.issues[0]?.message).toBe(
      `Store icon must be at most ${LINK_MAX} characters`,
    );
  });

  it('an absolute link takes only web addresses', () => {
    const meeting = linkSchema(undefined, { absolute: true });
    expect(meeting.safeParse('https://meet.google.com/abc-defg-hij').success).toBe(true);
    expect(meeting.safeParse('not a link').error?.issues[0]?.message).toBe('must be a web address starting https://');
    expect(meeting.safeParse('/files/a.png').success).toBe(false);
    expect(isSafeLink('/files/a.png', { absolute: true })).toBe(false);
  });
});
