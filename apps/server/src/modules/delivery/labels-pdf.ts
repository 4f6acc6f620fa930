// Shipping labels and packing slips as one PDF for a selection of processed packages (issue 17),
// drawn by pdfmake on the server: per package a 4 x 6 inch label (the page thermal label printers
// take) with the tracking id as a Code 128 barcode, then its packing slip on the next page. Names,
// addresses and items print in the script they are written in (lib/pdf.ts).
import { formatDate, plural, type DeliveryPackage } from '@lectern/contract';
import type { CanvasElement, Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { renderPdf } from '../../lib/pdf';
import { code128Bars } from './code128';

/** 4 x 6 inches in points. */
const PAGE = { width: 288, height: 432 };
const MARGIN = 18;
const BARCODE_HEIGHT = 56;

/** Who sends the parcels (the invoice's supplier). */
export interface Sender {
  name: string;
  address: string;
}

/** A Code 128 barcode of `text` as vector bars, as wide as `maxWidth` allows (at most 1.5 pt a module). */
function barcode(text: string, maxWidth: number): Content {
  const bars = code128Bars(text);
  const last = bars[bars.length - 1]!;
  const modules = last.x + last.width + 20; // ten modules of quiet zone each side
  const unit = Math.min(1.5, maxWidth / modules);
  const canvas: CanvasElement[] = bars.map((bar) => ({
    type: 'rect',
    x: (bar.x + 10) * unit,
    y: 0,
    w: bar.width * unit,
    h: BARCODE_HEIGHT,
    color: '#000000',
  }));
  return {
    stack: [{ canvas }, { text, alignment: 'center', bold: true, fontSize: 11, margin: [0, 2, 0, 0] }],
    alignment: 'center',
  };
}

function addressLines(pkg: DeliveryPackage): string[] {
  const a = pkg.address;
  if (!a) return [];
  return [a.addressLine1, a.addressLine2, a.landMark, `${a.city}, ${a.state} - ${a.pin}`].filter(Boolean);
}

const itemCount = (pkg: DeliveryPackage) => pkg.items.reduce((n, item) => n + item.quantity, 0);

function label(pkg: DeliveryPackage, sender: Sender): Content[] {
  const tracker = pkg.deliveryTrackerList.find((t) => t.state === 'ACTIVE');
  const width = PAGE.width - 2 * MARGIN;
  const how: Content[] =
    pkg.deliveryMode === 'COURIER' && tracker
      ? [
          { text: `${tracker.serviceProvider.replaceAll('_', ' ')} · ${pkg.dispatchType}`, style: 'courier' },
          barcode(tracker.trackingId, width),
        ]
      : [
          {
            text:
              pkg.deliveryMode === 'IN_HAND'
                ? `HAND DELIVERY at ${pkg.inHandDeliveryDetails?.handDeliveryLocation ?? ''}`
                : `PICKUP by ${pkg.inPersonPickup?.recipientName ?? ''} (${pkg.inPersonPickup?.recipientPhoneNumber ?? ''})`,
            style: 'courier',
          },
          barcode(pkg.deliveryPackageId, width),
        ];
  return [
    ...how,
    { text: pkg.deliveryMode === 'COURIER' ? 'SHIP TO' : 'FOR', style: 'heading', margin: [0, 10, 0, 2] },
    { text: pkg.studentName, bold: true, fontSize: 12 },
    ...addressLines(pkg).map((line): Content => ({ text: line })),
    { text: `Mobile: ${pkg.mobileNumber}` },
    { text: 'FROM', style: 'heading', margin: [0, 10, 0, 2] },
    { text: sender.name, bold: true },
    { text: sender.address, style: 'small' },
    {
      text: `Package ${pkg.deliveryPackageId} · Order ${pkg.orderId} · ${plural(itemCount(pkg), 'item')}`,
      style: 'small',
      margin: [0, 10, 0, 0],
    },
  ];
}

function packingSlip(pkg: DeliveryPackage): Content[] {
  return [
    { text: 'PACKING SLIP', style: 'title' },
    { text: `Package ${pkg.deliveryPackageId}`, bold: true },
    { text: `Order ${pkg.orderId} of ${formatDate(pkg.orderedAt)}` },
    { text: `${pkg.studentName} · ${pkg.mobileNumber}` },
    { text: pkg.catalogueName, style: 'small', margin: [0, 0, 0, 8] },
    {
      table: {
        headerRows: 1,
        widths: ['*', 40],
        body: [
          [
            { text: 'Item', bold: true },
            { text: 'Qty', bold: true, alignment: 'right' },
          ],
          ...pkg.items.map((item) => [item.description, { text: String(item.quantity), alignment: 'right' as const }]),
        ],
      },
      layout: 'lightHorizontalLines',
    },
    { text: 'Packed by: ______________   Checked by: ______________', style: 'small', margin: [0, 24, 0, 0] },
  ];
}

/** One PDF: for each package, its label then its packing slip. */
export async function renderLabelsPdf(packages: DeliveryPackage[], sender: Sender): Promise<Buffer> {
  const content: Content[] = packages.flatMap((pkg, index) => [
    { stack: label(pkg, sender), ...(index > 0 ? { pageBreak: 'before' as const } : {}) },
    { stack: packingSlip(pkg), pageBreak: 'before' as const },
  ]);
  const doc: TDocumentDefinitions = {
    pageSize: PAGE,
    pageMargins: MARGIN,
    info: { title: `Delivery labels (${packages.length})`, creator: 'Lectern' },
    defaultStyle: { fontSize: 10 },
    styles: {
      title: { fontSize: 14, bold: true, margin: [0, 0, 0, 6] },
      heading: { fontSize: 8, bold: true, color: '#555555' },
      courier: { fontSize: 12, bold: true, alignment: 'center', margin: [0, 0, 0, 6] },
      small: { fontSize: 8, color: '#333333' },
    },
    content,
  };
  return renderPdf(doc);
}
