import { diffArrays, diffWords } from 'diff';

/** A run of text in one side of a comparison. */
export interface DiffPart {
  text: string;
  kind: 'same' | 'added' | 'removed';
}

/** One row of the side-by-side comparison: a block of the older version and its counterpart in the newer. */
export interface DiffRow {
  /** the block's tag: 'h3', 'p', 'li' ... */
  tag: string;
  /** the older version's block, null when the newer one added it */
  left: DiffPart[] | null;
  /** the newer version's block, null when it removed it */
  right: DiffPart[] | null;
  changed: boolean;
}

interface Block {
  tag: string;
  text: string;
}

const BLOCKS = new Set(['H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'P', 'LI', 'BLOCKQUOTE', 'PRE', 'TR']);

/** The text blocks of an HTML document in reading order: headings, paragraphs, list items, table rows. */
export function htmlBlocks(html: string): Block[] {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const blocks: Block[] = [];
  const walk = (node: Element) => {
    for (const child of Array.from(node.children)) {
      const nested = child.querySelector(Array.from(BLOCKS).join(','));
      if (BLOCKS.has(child.tagName) && !(child.tagName === 'LI' && nested)) {
        const text = (child.textContent ?? '').replace(/\s+/g, ' ').trim();
        if (text) blocks.push({ tag: child.tagName.toLowerCase(), text });
      } else if (child.tagName === 'LI') {
        // a list item holding a nested list: its own text, then the nested items
        const own = Array.from(child.childNodes)
          .filter((n) => !(n instanceof Element && (n.tagName === 'UL' || n.tagName === 'OL')))
          .map((n) => n.textContent ?? '')
          .join(' ')
          .replace(/\s+/g, ' ')
          .trim();
        if (own) blocks.push({ tag: 'li', text: own });
        for (const list of Array.from(child.children).filter((c) => c.tagName === 'UL' || c.tagName === 'OL'))
          walk(list);
      } else {
        walk(child);
      }
    }
    // text straight inside the body (no block around it)
    if (node.tagName === 'BODY') {
      const loose = Array.from(node.childNodes)
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? '')
        .join(' ')
        .trim();
      if (loose) blocks.push({ tag: 'p', text: loose });
    }
  };
  walk(doc.body);
  return blocks;
}

const same = (text: string): DiffPart[] => [{ text, kind: 'same' }];

/** Two versions of a block, word by word: the left keeps what was removed, the right what was added. */
function pair(a: Block, b: Block): DiffRow {
  const left: DiffPart[] = [];
  const right: DiffPart[] = [];
  for (const change of diffWords(a.text, b.text)) {
    if (change.added) right.push({ text: change.value, kind: 'added' });
    else if (change.removed) left.push({ text: change.value, kind: 'removed' });
    else {
      left.push({ text: change.value, kind: 'same' });
      right.push({ text: change.value, kind: 'same' });
    }
  }
  return { tag: b.tag, left, right, changed: true };
}

/**
 * The side-by-side comparison of two versions of a text: blocks matched in order; a block changed in
 * place is one row with its words marked, a block only in one version a row with the other side empty.
 */
export function diffTerms(olderHtml: string, newerHtml: string): DiffRow[] {
  const older = htmlBlocks(olderHtml);
  const newer = htmlBlocks(newerHtml);
  const key = (b: Block) => `${b.tag}\u0000${b.text}`;
  const rows: DiffRow[] = [];
  let i = 0;
  let j = 0;
  const changes = diffArrays(older.map(key), newer.map(key));
  for (let c = 0; c < changes.length; c++) {
    const change = changes[c]!;
    const n = change.count ?? change.value.length;
    if (!change.added && !change.removed) {
      for (let k = 0; k < n; k++) {
        const block = newer[j + k]!;
        rows.push({ tag: block.tag, left: same(older[i + k]!.text), right: same(block.text), changed: false });
      }
      i += n;
      j += n;
    } else if (change.removed) {
      const next = changes[c + 1];
      const added = next?.added ? (next.count ?? next.value.length) : 0;
      const paired = Math.min(n, added);
      for (let k = 0; k < paired; k++) rows.push(pair(older[i + k]!, newer[j + k]!));
      for (let k = paired; k < n; k++) {
        const block = older[i + k]!;
        rows.push({ tag: block.tag, left: [{ text: block.text, kind: 'removed' }], right: null, changed: true });
      }
      for (let k = paired; k < added; k++) {
        const block = newer[j + k]!;
        rows.push({ tag: block.tag, left: null, right: [{ text: block.text, kind: 'added' }], changed: true });
      }
      i += n;
      j += added;
      if (added) c++;
    } else {
      for (let k = 0; k < n; k++) {
        const block = newer[j + k]!;
        rows.push({ tag: block.tag, left: null, right: [{ text: block.text, kind: 'added' }], changed: true });
      }
      j += n;
    }
  }
  return rows;
}
