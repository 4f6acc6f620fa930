// The PDFs the server draws (the GST invoice, delivery labels) go through here: pdfmake with its fonts
// set once for the process, and every text of a document split into runs by script so that names and
// addresses in the scripts of India print, shaped, instead of as empty boxes.
//
// Latin (and everything that is not one of the scripts below) is Roboto, the font pdfmake ships. Each
// script of India is its Noto Sans font from the @expo-google-fonts packages (TrueType files, no install
// script, OFL-1.1): pdfmake draws one font per run, and PDFKit shapes each run with fontkit's Indic
// shaper (conjuncts, reordered vowel signs such as ि, reph). Fonts are embedded as subsets of the glyphs
// used, and a font is read only by a document that has text in its script.
import { createRequire } from 'node:module';
import pdfMake from 'pdfmake';
import type { Content, TDocumentDefinitions, TFontDictionary } from 'pdfmake/interfaces';

const require = createRequire(import.meta.url);

/** The scripts of India the PDFs print (Unicode script names), each with its Noto Sans family. */
const SCRIPTS = [
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
] as const;
type Script = (typeof SCRIPTS)[number];

/** The pdfmake font family that prints `script`. */
const familyOf = (script: Script) => `NotoSans${script}`;

const ROBOTO = {
  normal: require.resolve('pdfmake/fonts/Roboto/Roboto-Regular.ttf'),
  bold: require.resolve('pdfmake/fonts/Roboto/Roboto-Medium.ttf'),
  italics: require.resolve('pdfmake/fonts/Roboto/Roboto-Italic.ttf'),
  bolditalics: require.resolve('pdfmake/fonts/Roboto/Roboto-MediumItalic.ttf'),
};

/** Regular and semi-bold (Roboto's bold is its Medium; Noto's Medium is hardly bolder than Regular); no italics. */
function noto(script: Script) {
  const pkg = `@expo-google-fonts/noto-sans-${script.toLowerCase()}`;
  const normal = require.resolve(`${pkg}/400Regular/NotoSans${script}_400Regular.ttf`);
  const bold = require.resolve(`${pkg}/600SemiBold/NotoSans${script}_600SemiBold.ttf`);
  return { normal, bold, italics: normal, bolditalics: bold };
}

/** The default font of every PDF. */
const PDF_FONT = 'Roboto';

const FONTS: TFontDictionary = {
  [PDF_FONT]: ROBOTO,
  ...Object.fromEntries(SCRIPTS.map((script) => [familyOf(script), noto(script)])),
};
const FONT_FILES: ReadonlySet<string> = new Set(
  Object.values(FONTS).flatMap((family) => Object.values(family) as string[]),
);

interface Anchor {
  xCoordinate: number;
  yCoordinate: number;
}
type ApplyAnchor = (
  this: unknown,
  markRecord: { markAnchor: Anchor | null },
  baseAnchor: Anchor | null,
  base: number,
) => void;

/**
 * fontkit 2.0.4 (PDFKit's shaper, its latest release) throws on a NULL anchor in a GPOS mark lookup, which
 * the OpenType specification allows (no anchor for that class) and the Noto fonts of Gurmukhi, Telugu and
 * Malayalam have: a word such as ਹਰਪ੍ਰੀਤ, శ్రీనివాస్ or ശ്രീലക്ഷ്മി failed the whole PDF (fontkit issue
 * 367; the fix, PR 374, is not released). Until it is, a mark with a NULL anchor is left where the font
 * draws it, as HarfBuzz does. The processor's class is not exported: it is taken from a font's layout
 * engine (the same fontkit module PDFKit requires).
 */
function skipNullAnchors(): void {
  const fontkit = require('fontkit') as {
    openSync(path: string): { _layoutEngine: { engine?: { GPOSProcessor?: object } } };
  };
  const gpos = fontkit.openSync(noto('Malayalam').normal)._layoutEngine.engine?.GPOSProcessor;
  const processor = gpos && (Object.getPrototypeOf(gpos) as { applyAnchor?: ApplyAnchor });
  const applyAnchor = processor?.applyAnchor;
  if (!processor || !applyAnchor)
    throw new Error('fontkit has changed: check whether the NULL-anchor patch is still needed');
  processor.applyAnchor = function (markRecord, baseAnchor, base) {
    if (baseAnchor && markRecord.markAnchor) applyAnchor.call(this, markRecord, baseAnchor, base);
  };
}
skipNullAnchors();

pdfMake.setFonts(FONTS);
// Built from stored data only: nothing is fetched and no file but the fonts is read.
pdfMake.setUrlAccessPolicy(() => false);
pdfMake.setLocalAccessPolicy((path) => FONT_FILES.has(path));

// A letter of the script itself (Script=), and a sign shared with other scripts (Script_Extensions=: the
// dandas ।॥, Vedic accents), which keeps the font of the script it follows.
const LETTER = SCRIPTS.map((script) => ({ script, test: new RegExp(`\\p{Script=${script}}`, 'u') }));
const SHARED = SCRIPTS.map((script) => ({ script, test: new RegExp(`\\p{Script_Extensions=${script}}`, 'u') }));
const ANY_INDIC = new RegExp(`[${SCRIPTS.map((script) => `\\p{Script_Extensions=${script}}`).join('')}]`, 'u');
/** Zero-width non-joiner and joiner: they steer the shaping of the run they stand in. */
const JOINER = /[\u200C\u200D]/u;

/** A run of text and the family that prints it (none: the document's font, Roboto). */
interface ScriptRun {
  text: string;
  font?: string;
}

function scriptOf(char: string, current: Script | undefined): Script | undefined {
  const letter = LETTER.find((s) => s.test.test(char));
  if (letter) return letter.script;
  if (JOINER.test(char)) return current;
  const shared = SHARED.filter((s) => s.test.test(char));
  if (shared.length === 0) return undefined;
  return shared.some((s) => s.script === current) ? current : shared[0]!.script;
}

/**
 * `text` cut into runs by script: each run of a script of India gets that script's Noto family; the
 * rest (Latin, digits, spaces, punctuation) stays in the document's font.
 */
export function scriptRuns(text: string): ScriptRun[] {
  const runs: ScriptRun[] = [];
  let current: Script | undefined;
  for (const char of text) {
    current = scriptOf(char, current);
    const font = current && familyOf(current);
    const last = runs.at(-1);
    if (last && last.font === font) last.text += char;
    else runs.push(font ? { text: char, font } : { text: char });
  }
  return runs;
}

type Inline = string | ScriptRun | Record<string, unknown>;

/** A text's inlines, with each string that has Indic letters cut into runs (the inline's own style kept). */
function inlines(text: unknown): unknown {
  if (typeof text === 'string') return ANY_INDIC.test(text) ? scriptRuns(text) : text;
  if (Array.isArray(text)) {
    return text.flatMap((item: Inline): Inline | Inline[] => {
      if (typeof item === 'string') return ANY_INDIC.test(item) ? scriptRuns(item) : item;
      if (item && typeof item === 'object' && 'text' in item) {
        if (typeof item.text === 'string' && ANY_INDIC.test(item.text) && !('font' in item)) {
          const { text: inner, ...style } = item;
          return scriptRuns(inner).map((run) => ({ ...style, ...run }));
        }
        return { ...item, text: inlines(item.text) };
      }
      return item;
    });
  }
  return text;
}

/** `node` with every text in it cut into runs by script (stacks, columns, lists and table cells included). */
function withScripts(node: unknown): unknown {
  if (typeof node === 'string') return ANY_INDIC.test(node) ? { text: scriptRuns(node) } : node;
  if (Array.isArray(node)) return node.map(withScripts);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = { ...node };
  if ('text' in out) out.text = inlines(out.text);
  for (const key of ['stack', 'columns', 'ul', 'ol'] as const) {
    if (Array.isArray(out[key])) out[key] = withScripts(out[key]);
  }
  const table = out.table as { body?: unknown[][] } | undefined;
  if (table && Array.isArray(table.body)) out.table = { ...table, body: table.body.map((row) => row.map(withScripts)) };
  return out;
}

type Dynamic = (...args: never[]) => unknown;

/** The document with its content, header and footer printed in the fonts of their scripts. */
export function withScriptFonts(doc: TDocumentDefinitions): TDocumentDefinitions {
  const dynamic = (part: unknown) =>
    typeof part === 'function' ? (...args: never[]) => withScripts((part as Dynamic)(...args)) : withScripts(part);
  return {
    ...doc,
    content: withScripts(doc.content) as Content,
    ...(doc.header !== undefined ? { header: dynamic(doc.header) as TDocumentDefinitions['header'] } : {}),
    ...(doc.footer !== undefined ? { footer: dynamic(doc.footer) as TDocumentDefinitions['footer'] } : {}),
  };
}

/** The document as a PDF, in Roboto and the Noto fonts of the scripts of India. */
export async function renderPdf(doc: TDocumentDefinitions): Promise<Buffer> {
  return pdfMake
    .createPdf(withScriptFonts({ ...doc, defaultStyle: { font: PDF_FONT, ...doc.defaultStyle } }))
    .getBuffer();
}
