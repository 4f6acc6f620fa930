import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './rich-text';

/** Pieces of hostile HTML, in the shapes filter-evasion cheat sheets list, to be glued together at random. */
const HOSTILE = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<<script>script>alert(1)<</script>/script>',
  '<img src=x onerror=alert(1)>',
  '<img src="x" onerror="alert(1)"/>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<body onload=alert(1)>',
  '<p onclick="steal()">click</p>',
  '<p ONMOUSEOVER=alert(1)>hover</p>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="jav&#9;ascript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#x6A;avascript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="//evil.example">x</a>',
  '<a href="https://ok.example" onclick="x()" style="color:red">ok</a>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<link rel=stylesheet href="javascript:alert(1)">',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<!--<script>alert(1)</script>-->',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
  '"><script>alert(1)</script>',
  "'';!--\"<XSS>=&{()}",
  '<a href="https://lectern.example/store" target="_self">a link</a>',
  '<p>Ordinary <strong>text</strong> with <em>emphasis</em></p>',
  '<ul><li>Physics</li><li>Chemistry</li></ul>',
  '<table><tr><td colspan="2" onclick="x()">cell</td></tr></table>',
  ' plain words & symbols < > ',
  '\u0000',
  '\t\n',
] as const;

/** Entity and percent decoding enough to see what a browser would take a URL to be. */
function decoded(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_m, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&colon;/gi, ':')
    .replace(/&tab;/gi, '')
    .replace(/&newline;/gi, '')
    .replace(/&amp;/gi, '&')
    .replace(/%([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Browsers ignore control characters and spaces inside a URL's scheme. */
// eslint-disable-next-line no-control-regex
const IGNORED_IN_SCHEME = /[\u0000-\u0020\u007f]/g;

/** Every tag of the output with its attributes, read the way a browser would. */
function tags(html: string): { name: string; attributes: [string, string][] }[] {
  return [...html.matchAll(/<\/?([a-zA-Z][^\s/>]*)([^>]*)>/g)].map(([, name, rest]) => ({
    name: name!.toLowerCase(),
    attributes: [...rest!.matchAll(/([^\s"'=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)].map(
      ([, attr, a, b, c]) => [attr!.toLowerCase(), a ?? b ?? c ?? ''],
    ),
  }));
}

/** What must never survive: a script, an event handler, a style, or a URL that runs code. */
function unsafeParts(html: string): string[] {
  const found: string[] = [];
  for (const tag of tags(html)) {
    if (
      ['script', 'iframe', 'object', 'embed', 'svg', 'math', 'style', 'form', 'img', 'meta', 'base', 'link'].includes(
        tag.name,
      )
    ) {
      found.push(`<${tag.name}>`);
    }
    for (const [name, value] of tag.attributes) {
      if (name.startsWith('on')) found.push(`${name}=`);
      if (name === 'style' || name === 'src' || name === 'srcset' || name === 'action') found.push(`${name}=`);
      const url = decoded(value).replace(IGNORED_IN_SCHEME, '').toLowerCase();
      if (/^(javascript|vbscript|data):/.test(url) || url.startsWith('//')) found.push(`${name}=${value}`);
    }
  }
  return found;
}

describe('the rich-text sanitiser', () => {
  it('keeps the formatting an editor makes', () => {
    expect(
      sanitizeRichText(
        '<h3>Physics</h3><ul><li><strong>Kinematics</strong></li></ul><p>See <a href="https://nta.ac.in">NTA</a></p>',
      ),
    ).toBe(
      '<h3>Physics</h3><ul><li><strong>Kinematics</strong></li></ul><p>See <a href="https://nta.ac.in">NTA</a></p>',
    );
    expect(sanitizeRichText('<table><tr><td colspan="2">MCQ</td></tr></table>')).toBe(
      '<table><tr><td colspan="2">MCQ</td></tr></table>',
    );
  });

  it('drops scripts with their text, handlers, styles and code URLs', () => {
    expect(sanitizeRichText('<p onclick="x()" style="color:red">Hi</p><script>alert(1)</script>')).toBe('<p>Hi</p>');
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<img src=x onerror=alert(1)>')).toBe('');
    expect(sanitizeRichText('<a href="https://a.in" target="_self">y</a>')).toBe(
      '<a href="https://a.in" target="_blank" rel="noopener noreferrer">y</a>',
    );
  });

  it('stores nothing for text that is only whitespace or empty tags', () => {
    expect(sanitizeRichText('  <p>&nbsp;</p>\n<p></p>')).toBe('');
    expect(sanitizeRichText('<script>alert(1)</script>')).toBe('');
  });

  it('lets no script, event handler or javascript: URL survive any mix of hostile pieces', () => {
    const piece = fc.oneof(
      fc.constantFrom(...HOSTILE),
      fc.string({ maxLength: 12 }),
      fc.constantFrom('<', '>', '"', "'", '=', '/', ' ', '&', ';', 'on', 'script', 'javascript:', '<a href="', '">'),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const input = pieces.join('');
        const once = sanitizeRichText(input);
        expect(unsafeParts(once), `from ${JSON.stringify(input)}`).toEqual([]);
        // and what is stored stays clean when an editor opens and saves it again
        expect(unsafeParts(sanitizeRichText(once))).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });

  it('finds what it looks for (the checker itself is not blind)', () => {
    expect(unsafeParts('<a href="jav&#x09;ascript:alert(1)">x</a>')).not.toEqual([]);
    expect(unsafeParts('<p onclick=x>y</p>')).toEqual(['onclick=']);
    expect(unsafeParts('<script>')).toEqual(['<script>']);
  });
});
