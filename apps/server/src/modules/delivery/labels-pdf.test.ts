import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DeliveryPackage } from '@lectern/contract';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { drawnGlyphIds, embeddedFonts, INDIC_SAMPLES } from '../../test/pdf-glyphs';
import { renderLabelsPdf } from './labels-pdf';

const sender = {
  name: 'Lectern Learning Private Limited',
  address: '4th Floor, Prestige Tech Park, Outer Ring Road, Bengaluru, Karnataka 560103',
};
const AT = '2026-11-24T10:00:00.000Z';

/** A processed courier package as the delivery module returns it. */
function packageOf(n: number, overrides: Partial<DeliveryPackage> = {}): DeliveryPackage {
  const id = `DP-2026-${String(n).padStart(5, '0')}`;
  return {
    deliveryPackageId: id,
    orderId: `order-${n}`,
    studentId: `student-${n}`,
    studentName: 'Ananya Krishnamurthy',
    mobileNumber: '9845012345',
    catalogueId: 'cat-neet',
    catalogueName: 'NEET Complete Course 2027',
    items: [{ description: 'Printed study material', quantity: 1 }],
    deliveryStatus: 'PROCESSED',
    deliveryMode: 'COURIER',
    dispatchType: 'STANDARD',
    address: {
      addressId: `address-${n}`,
      type: 'HOME',
      addressLine1: '12, 3rd Cross, Jayanagar 4th Block',
      addressLine2: '',
      landMark: '',
      city: 'Bengaluru',
      state: 'Karnataka',
      pin: '560011',
      preferredAddress: true,
      deliveryPackageId: id,
      current: true,
      createdAt: AT,
      createdBy: 'finance',
    },
    deliveryTrackerList: [
      {
        trackerId: `tracker-${n}`,
        serviceProvider: 'DTDC',
        trackingId: `D${String(n).padStart(9, '0')}`,
        notes: '',
        status: 'BOOKED',
        trackerLink: '',
        state: 'ACTIVE',
        createdAt: AT,
        updatedAt: AT,
      },
    ],
    inHandDeliveryDetails: null,
    inPersonPickup: null,
    cancellation: null,
    orderedAt: AT,
    processedAt: AT,
    deliveredAt: null,
    createdAt: AT,
    updatedAt: AT,
    version: 1,
    ...overrides,
  };
}

async function pdfText(pdf: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, useSystemFonts: false }).promise;
  try {
    const parts: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      for (const item of (await (await doc.getPage(n)).getTextContent()).items) if ('str' in item) parts.push(item.str);
    }
    return parts.join(' ').replace(/\s+/g, ' ');
  } finally {
    await doc.destroy();
  }
}

describe('delivery labels PDF', () => {
  it.each(INDIC_SAMPLES)(
    'prints a name, address and items in $script in its Noto font, with no missing glyph',
    async ({ script, name, line, city }) => {
      const pkg = packageOf(1, {
        studentName: name,
        items: [{ description: `${name} - Printed study material`, quantity: 2 }],
      });
      const address = { ...pkg.address!, addressLine1: line, city, state: city };
      const pdf = await renderLabelsPdf([{ ...pkg, address }], sender);
      if (process.env.LABELS_PDF_OUT)
        fs.writeFileSync(path.join(os.tmpdir(), `labels-${script.toLowerCase()}.pdf`), pdf);

      const glyphs = drawnGlyphIds(pdf);
      expect(glyphs.length).toBeGreaterThan(200);
      expect(glyphs.filter((id) => id === 0)).toEqual([]);
      // the name on the label is bold
      expect(embeddedFonts(pdf)).toEqual(
        expect.arrayContaining([`NotoSans${script}-Regular`, `NotoSans${script}-SemiBold`]),
      );
      // the Latin parts stay in Roboto, around the Indic runs
      const text = await pdfText(pdf);
      expect(text).toContain('SHIP TO');
      expect(text).toContain(' - 560011');
      expect(text).toContain('D000000001');
    },
  );

  it('prints the number of items in words with the right plural', async () => {
    const one = packageOf(1);
    const three = packageOf(2, {
      items: [
        { description: 'Physics workbook', quantity: 2 },
        { description: 'Chemistry workbook', quantity: 1 },
      ],
    });
    const text = await pdfText(await renderLabelsPdf([one, three], sender));
    expect(text).toMatch(/ · 1 item(?!s)/);
    expect(text).toContain('3 items');
    expect(text).not.toContain('(s)');
  });
});
