import { describe, expect, it } from 'vitest';
import { diffTerms, htmlBlocks } from './terms-diff';

const text = (parts: { text: string }[] | null) => (parts ? parts.map((p) => p.text).join('') : null);
const marked = (parts: { text: string; kind: string }[] | null, kind: string) =>
  (parts ?? []).filter((p) => p.kind === kind).map((p) => p.text.trim());

describe('htmlBlocks', () => {
  it('reads headings, paragraphs and list items in order, nested lists too, skipping empty ones', () => {
    expect(
      htmlBlocks(
        '<h3>1. Refunds</h3><p>Within <strong>7</strong> days.</p><p> </p><ul><li>Videos<ul><li>under 10%</li></ul></li><li>Books</li></ul>',
      ),
    ).toEqual([
      { tag: 'h3', text: '1. Refunds' },
      { tag: 'p', text: 'Within 7 days.' },
      { tag: 'li', text: 'Videos' },
      { tag: 'li', text: 'under 10%' },
      { tag: 'li', text: 'Books' },
    ]);
  });

  it('keeps text that sits in no block', () => {
    expect(htmlBlocks('Plain terms')).toEqual([{ tag: 'p', text: 'Plain terms' }]);
  });
});

describe('diffTerms', () => {
  it('marks nothing when the versions are the same', () => {
    const rows = diffTerms('<h3>A</h3><p>One two</p>', '<h3>A</h3><p>One two</p>');
    expect(rows.map((r) => r.changed)).toEqual([false, false]);
    expect(rows.map((r) => text(r.right))).toEqual(['A', 'One two']);
  });

  it('shows a block changed in place as one row, the removed words left and the added words right', () => {
    const [heading, refunds] = diffTerms(
      '<h3>Refunds</h3><p>You may ask within 7 days of buying.</p>',
      '<h3>Refunds</h3><p>You may ask within 15 days of buying.</p>',
    );
    expect(heading!.changed).toBe(false);
    expect(refunds!.changed).toBe(true);
    expect(marked(refunds!.left, 'removed')).toEqual(['7']);
    expect(marked(refunds!.right, 'added')).toEqual(['15']);
    expect(text(refunds!.left)).toBe('You may ask within 7 days of buying.');
    expect(text(refunds!.right)).toBe('You may ask within 15 days of buying.');
  });

  it('shows an added section with the left side empty and a removed one with the right side empty', () => {
    const rows = diffTerms('<p>Keep</p><p>Old clause</p>', '<p>Keep</p><h3>Holidays</h3>');
    expect(rows[0]).toMatchObject({ changed: false });
    // the old clause became the new heading: one changed row
    expect(rows).toHaveLength(2);
    const added = diffTerms('<p>Keep</p>', '<p>Keep</p><h3>Holidays</h3><p>Closed on Diwali</p>');
    expect(added.slice(1).map((r) => [r.left, text(r.right)])).toEqual([
      [null, 'Holidays'],
      [null, 'Closed on Diwali'],
    ]);
    const removed = diffTerms('<p>Keep</p><p>Gone</p>', '<p>Keep</p>');
    expect(removed[1]).toMatchObject({ right: null, changed: true });
    expect(text(removed[1]!.left)).toBe('Gone');
  });
});
