import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { describe, expect, it } from 'vitest';
import { drawnGlyphIds } from '../test/pdf-glyphs';
import { renderPdf, scriptRuns, withScriptFonts } from './pdf';

describe('PDF text runs by script', () => {
  it('prints Latin, digits and punctuation in Roboto and each script of India in its Noto font', () => {
    expect(scriptRuns('Flat 3, श्रीनगर कॉलोनी - 560011')).toEqual([
      { text: 'Flat 3, ' },
      { text: 'श्रीनगर', font: 'NotoSansDevanagari' },
      { text: ' ' },
      { text: 'कॉलोनी', font: 'NotoSansDevanagari' },
      { text: ' - 560011' },
    ]);
    expect(scriptRuns('கார்த்திகேயன் / ಅನನ್ಯಾ')).toEqual([
      { text: 'கார்த்திகேயன்', font: 'NotoSansTamil' },
      { text: ' / ' },
      { text: 'ಅನನ್ಯಾ', font: 'NotoSansKannada' },
    ]);
  });

  it('keeps a danda and the zero-width joiners with the script they follow', () => {
    // U+0964 is in the Devanagari block but shared by every Indic script
    expect(scriptRuns('আমার সোনার বাংলা।')).toEqual([
      { text: 'আমার', font: 'NotoSansBengali' },
      { text: ' ' },
      { text: 'সোনার', font: 'NotoSansBengali' },
      { text: ' ' },
      { text: 'বাংলা।', font: 'NotoSansBengali' },
    ]);
    expect(scriptRuns('ക്\u200Dഷ')).toEqual([{ text: 'ക്\u200Dഷ', font: 'NotoSansMalayalam' }]);
    expect(scriptRuns('Om ।')).toEqual([{ text: 'Om ' }, { text: '।', font: 'NotoSansDevanagari' }]);
  });

  it('splits every text of a document, in stacks, columns, tables, inlines and a dynamic footer', () => {
    const doc: TDocumentDefinitions = {
      content: [
        'Tax Invoice',
        { stack: ['प्रियंका', { text: 'ਕੌਰ', bold: true }] },
        { columns: [{ text: ['To ', { text: 'ಅನನ್ಯಾ', fontSize: 12 }] }] },
        { table: { body: [['Item', 'ಪುಸ್ತಕ']] } },
      ],
      footer: () => 'ശ്രീ',
    };
    const out = withScriptFonts(doc);
    expect(out.content).toEqual([
      'Tax Invoice',
      {
        stack: [
          { text: [{ text: 'प्रियंका', font: 'NotoSansDevanagari' }] },
          { text: [{ text: 'ਕੌਰ', font: 'NotoSansGurmukhi' }], bold: true },
        ],
      },
      { columns: [{ text: ['To ', { text: 'ಅನನ್ಯಾ', font: 'NotoSansKannada', fontSize: 12 }] }] },
      { table: { body: [['Item', { text: [{ text: 'ಪುಸ್ತಕ', font: 'NotoSansKannada' }] }]] } },
    ]);
    expect((out.footer as () => unknown)()).toEqual({ text: [{ text: 'ശ്രീ', font: 'NotoSansMalayalam' }] });
    // text without a script of India is left as it was
    expect(withScriptFonts({ content: ['Rs. 4,999', { text: 'Total', bold: true }] }).content).toEqual([
      'Rs. 4,999',
      { text: 'Total', bold: true },
    ]);
  });
});

describe('PDF shaping of the scripts of India', () => {
  // PDFKit numbers the glyphs of an embedded subset in the order they are first drawn (0 is .notdef),
  // so the glyph ids drawn say what was shaped: क is 1 wherever it comes again.
  it('draws a vowel sign before the consonant it follows in the text, and a conjunct as one glyph', async () => {
    const pdf = await renderPdf({ content: ['क', 'कि', 'क्ष', 'र्क'] });
    // क; ि drawn before क; क्ष one conjunct; र्क: the reph (र् over the next letter) drawn after क
    expect(drawnGlyphIds(pdf)).toEqual([1, 2, 1, 3, 1, 4]);
  });
});
