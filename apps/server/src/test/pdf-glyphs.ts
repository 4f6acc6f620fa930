import zlib from 'node:zlib';

/** A name and an address in each script of India the PDFs print (the nine of `lib/pdf.ts`). */
export const INDIC_SAMPLES = [
  {
    script: 'Devanagari',
    name: 'प्रियंका शर्मा',
    line: 'मकान नं. 12, श्रीनगर कॉलोनी, क्षेत्रीय कार्यालय के पास',
    city: 'वाराणसी',
  },
  { script: 'Bengali', name: 'সৌমিত্র চট্টোপাধ্যায়', line: '২৭, রাসবিহারী অ্যাভিনিউ, ভবানীপুর', city: 'কলকাতা' },
  { script: 'Gurmukhi', name: 'ਹਰਪ੍ਰੀਤ ਕੌਰ', line: 'ਮਕਾਨ ਨੰ. 45, ਮਾਡਲ ਟਾਊਨ', city: 'ਲੁਧਿਆਣਾ' },
  { script: 'Gujarati', name: 'કૃષ્ણ પટેલ', line: 'ફ્લેટ 3, શ્રીજી એપાર્ટમેન્ટ, નવરંગપુરા', city: 'અમદાવાદ' },
  { script: 'Oriya', name: 'ପ୍ରିୟଦର୍ଶିନୀ ମହାନ୍ତି', line: 'ଗୃହ ସଂଖ୍ୟା 8, ଶହୀଦ ନଗର', city: 'ଭୁବନେଶ୍ୱର' },
  { script: 'Tamil', name: 'கார்த்திகேயன் சுப்ரமணியம்', line: 'எண் 14, கொத்தவால் சாவடி தெரு', city: 'சென்னை' },
  { script: 'Telugu', name: 'శ్రీనివాస్ రెడ్డి', line: 'ఇంటి నం. 7, బంజారా హిల్స్', city: 'హైదరాబాద్' },
  { script: 'Kannada', name: 'ಅನನ್ಯಾ ಕೃಷ್ಣಮೂರ್ತಿ', line: 'ಮನೆ ಸಂಖ್ಯೆ 12, ಜಯನಗರ 4ನೇ ಬ್ಲಾಕ್', city: 'ಬೆಂಗಳೂರು' },
  { script: 'Malayalam', name: 'ശ്രീലക്ഷ്മി നായർ', line: 'വീട് നമ്പർ 9, പനമ്പിള്ളി നഗർ', city: 'കൊച്ചി' },
] as const;

/** The page content streams of a PDF, inflated (PDFKit compresses them with FlateDecode). */
function contentStreams(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const streams: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0 || raw.slice(Math.max(0, match.index - 3), match.index) === 'end') continue;
    try {
      const text = zlib.inflateSync(pdf.subarray(start, end)).toString('latin1');
      if (/\bBT\b/.test(text) && /\bTJ\b/.test(text)) streams.push(text);
    } catch {
      // not a compressed stream (an uncompressed one, or a font program): no text drawn in it
    }
  }
  return streams;
}

/**
 * The glyphs a PDF draws, as glyph ids of its embedded fonts. PDFKit embeds every font (Roboto too) as a
 * CID font with Identity-H encoding: a text string is 4 hex digits per glyph, and glyph 0 is .notdef, the
 * empty box a reader shows for a character the font does not have.
 */
export function drawnGlyphIds(pdf: Buffer): number[] {
  const ids: number[] = [];
  for (const stream of contentStreams(pdf)) {
    for (const array of stream.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      for (const hex of array[1]!.matchAll(/<([0-9a-fA-F]*)>/g)) {
        for (let i = 0; i + 4 <= hex[1]!.length; i += 4) ids.push(parseInt(hex[1]!.slice(i, i + 4), 16));
      }
    }
  }
  return ids;
}

/** The PostScript names of the fonts embedded in a PDF (without their subset tag). */
export function embeddedFonts(pdf: Buffer): string[] {
  const names = [...pdf.toString('latin1').matchAll(/\/BaseFont\s*\/(?:[A-Z]{6}\+)?([A-Za-z0-9-]+)/g)].map(
    (m) => m[1]!,
  );
  return [...new Set(names)].sort();
}
