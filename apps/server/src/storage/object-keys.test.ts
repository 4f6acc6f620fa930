import fc from 'fast-check';
import { RESOURCE_TYPE_KEYS, SANITIZE_CHARACTERS } from '@lectern/contract';
import { describe, expect, it } from 'vitest';
import {
  isDirectChild,
  keyIn,
  nameAfterId,
  previewFolder,
  resourceFileName,
  resourceFolder,
  subjectFolder,
  videoFileName,
} from './object-keys';
import { assertSafeKey, isSafePrefix } from './storage';

const ID = '0b7c2f4e-1d2a-4c3b-9e8f-112233445566';
const SPECIALS = SANITIZE_CHARACTERS.join('');

describe('file names (spec 1 §5, spec 2 §5)', () => {
  it('removes every special character of the spec, then spaces, and prefixes the unique id (videos)', () => {
    const { stored, bare } = videoFileName(`My ${SPECIALS} Lecture 01.mp4`, ID);
    expect(bare).toBe('MyLecture01.mp4');
    expect(stored).toBe(`${ID}-MyLecture01.mp4`);
  });

  it('keeps dots and letters of any script', () => {
    expect(videoFileName('Ch. 3 — रसायन v1.2.mp4', ID).bare).toBe('Ch.3—रसायनv1.2.mp4');
  });

  it('picker names: special characters removed, the first space a hyphen, no unique id', () => {
    expect(resourceFileName('Catalogue Banner (final) v2.png')).toBe('Catalogue-Banner final v2.png');
    expect(resourceFileName(`a${SPECIALS}b c d.pdf`)).toBe('ab-c d.pdf');
  });

  it.each([
    ['../../etc/passwd.mp4', 'etcpasswd.mp4'],
    ['/etc/passwd.mp4', 'etcpasswd.mp4'],
    ['..\\..\\windows\\system.ini.mp4', 'windowssystem.ini.mp4'],
    ['C:\\fakepath\\lecture.mp4', 'Cfakepathlecture.mp4'],
    ['lec\u0000ture\u0007.mp4', 'lecture.mp4'],
    ['\u202Egpj.mp4', 'gpj.mp4'],
    ['．．／．．／secret.mp4', 'secret.mp4'],
    ['a\u2215b\u2044c\u29f8d.mp4', 'abcd.mp4'],
    ['zero\u200bwidth\ufeff.mp4', 'zerowidth.mp4'],
    ['\ud800lone\udfff.mp4', 'lone.mp4'],
    ['...hidden.mp4', 'hidden.mp4'],
    ['..', ''],
    ['////', ''],
  ])('%j becomes %j', (name, bare) => {
    expect(videoFileName(name, ID).bare).toBe(bare);
  });

  it('cuts very long names but keeps the extension', () => {
    const { stored, bare } = videoFileName(`${'x'.repeat(600)}.mp4`, ID);
    expect(bare.endsWith('.mp4')).toBe(true);
    expect(Buffer.byteLength(stored)).toBeLessThan(255);
  });

  it('finds the name after the unique id', () => {
    expect(nameAfterId(`${ID}-a-b.mp4`)).toBe('a-b.mp4');
    expect(nameAfterId('plain.mp4')).toBe('plain.mp4');
  });
});

describe('keys', () => {
  it('follow the templates', () => {
    expect(keyIn(subjectFolder('subj-1'), `${ID}-a.mp4`)).toBe(`subjects/subj-1/${ID}-a.mp4`);
    expect(keyIn(previewFolder('cat-9'), `${ID}-a.mp4`)).toBe(`preview-videos/cat-9/${ID}-a.mp4`);
    expect(keyIn(resourceFolder('catalogue-image'), 'Banner-x.png')).toBe('catalogues/images/Banner-x.png');
  });

  it('refuse a stored name that is not a plain file name', () => {
    for (const bad of ['', '..', '.', 'a/b', 'a\\b', '../x', 'x\u0000']) {
      expect(() => keyIn(subjectFolder('s'), bad)).toThrow();
    }
  });

  it('never leave their folder, whatever name is sent', () => {
    const folders = [subjectFolder('subj-1'), previewFolder('cat-1'), ...RESOURCE_TYPE_KEYS.map(resourceFolder)];
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'grapheme', maxLength: 300 }),
          fc.string({ unit: 'binary', maxLength: 300 }),
          fc
            .array(fc.constantFrom('..', '.', '/', '\\', '\u0000', '．', '／', '\u202e', 'a', ' ', 'é', '%2e'), {
              maxLength: 40,
            })
            .map((a) => a.join('')),
        ),
        fc.constantFrom(...folders),
        (name, folder) => {
          const isVideo = folder.startsWith('subjects/') || folder.startsWith('preview-videos/');
          const stored = isVideo ? videoFileName(name, ID).stored : resourceFileName(name);
          if (stored === '' || (!isVideo && stored === '')) return;
          const key = keyIn(folder, stored);
          expect(isDirectChild(folder, key)).toBe(true);
          expect(() => assertSafeKey(key)).not.toThrow();
          expect(key.split('/')).not.toContain('..');
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('assertSafeKey', () => {
  it.each([
    '',
    '/abs/x',
    'a\ud800b',
    'a//b',
    'a/./b',
    'a/../b',
    '..',
    'a\\b',
    'a\u0000b',
    'a/\u0085b',
    `${'x'.repeat(300)}/y`,
  ])('refuses %j', (key) => {
    expect(() => assertSafeKey(key)).toThrow();
  });

  it('takes ordinary keys', () => {
    expect(() => assertSafeKey(`subjects/s/${ID}-a.b.mp4`)).not.toThrow();
    expect(() => assertSafeKey('catalogues/images/Banner-x y.png')).not.toThrow();
  });

  it('checks listing prefixes', () => {
    expect(isSafePrefix('catalogues/images/')).toBe(true);
    expect(isSafePrefix('catalogues/images/Ban')).toBe(true);
    expect(isSafePrefix('catalogues/../x')).toBe(false);
    expect(isSafePrefix('/x')).toBe(false);
  });
});
