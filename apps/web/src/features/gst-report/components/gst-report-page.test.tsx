import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { indianDate, paise, type GstReport } from '@lectern/contract';
import { mockApi, type MockHandlers, type RouteKey } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { monthLabel } from './gst-report-page';

const totals = (rows: number, value: number, taxableValue: number, igst: number, cgst: number, sgst: number) => ({
  rows,
  value: paise(value),
  taxableValue: paise(taxableValue),
  igst: paise(igst),
  cgst: paise(cgst),
  sgst: paise(sgst),
});
const none = { rows: [], totals: totals(0, 0, 0, 0, 0, 0) };

function emptyReport(month: string): GstReport {
  return {
    month,
    from: `${month}-01`,
    to: `${month}-28`,
    supplierGstin: '29AAACL1234F1ZV',
    b2b: none,
    b2cs: none,
    cdnr: none,
    creditNotesUnregistered: none,
    hsn: none,
  };
}

const OCTOBER: GstReport = {
  ...emptyReport('2024-10'),
  to: '2024-10-31',
  b2b: {
    rows: [
      {
        buyerGstin: '27AABCS9876K1ZK',
        buyerName: 'Sahyadri Skills LLP',
        invoiceNumber: 'LEC/2425/000301',
        invoiceDate: '2024-10-07',
        invoiceValue: paise(1_149_900),
        placeOfSupply: '27-Maharashtra',
        rate: 18,
        taxableValue: paise(974_492),
        igst: paise(175_408),
        cgst: paise(0),
        sgst: paise(0),
      },
    ],
    totals: totals(1, 1_149_900, 974_492, 175_408, 0, 0),
  },
  b2cs: {
    rows: [
      {
        type: 'INTRA',
        placeOfSupply: '29-Karnataka',
        rate: 18,
        invoices: 12,
        creditNotes: 1,
        taxableValue: paise(4_000_000),
        igst: paise(0),
        cgst: paise(360_000),
        sgst: paise(360_000),
        total: paise(4_720_000),
      },
    ],
    totals: totals(1, 4_720_000, 4_000_000, 0, 360_000, 360_000),
  },
  hsn: {
    rows: [
      {
        sacCode: '999293',
        description: 'Commercial training and coaching services',
        uqc: 'OTH',
        quantity: 14,
        rate: 18,
        taxableValue: paise(4_974_492),
        igst: paise(175_408),
        cgst: paise(360_000),
        sgst: paise(360_000),
        total: paise(5_869_900),
      },
    ],
    totals: totals(1, 5_869_900, 4_974_492, 175_408, 360_000, 360_000),
  },
};

/** The month before this one in India, as the page picks it. */
function lastMonth(): string {
  const [year, month] = indianDate().slice(0, 7).split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

async function setup<K extends RouteKey = never>(handlers: MockHandlers<K> = {}, path = '/gst-report') {
  const api = await mockApi({
    'GET /payments/gst-report': (request) => {
      const month = request.query.get('month')!;
      return { body: { data: month === '2024-10' ? OCTOBER : emptyReport(month) } };
    },
    ...handlers,
  });
  const view = renderApp(path, { roles: ['FINANCE'] });
  await screen.findByRole('heading', { level: 1, name: 'GST Return' }, { timeout: 10_000 });
  return { ...api, ...view };
}

const page = () => within(screen.getByRole('main'));

describe('/gst-report', () => {
  it('opens on last month and says when it has no invoices or credit notes', async () => {
    const { find } = await setup();
    const month = lastMonth();
    const [year, number] = month.split('-');
    const name = new Date(Date.UTC(Number(year), Number(number) - 1, 1)).toLocaleString('en-GB', {
      month: 'long',
      timeZone: 'UTC',
    });
    expect(await page().findByText(`No invoices or credit notes in ${name} ${year}.`)).toBeTruthy();
    expect(find('GET /payments/gst-report')[0]!.query.get('month')).toBe(month);
  });

  it("shows each table's rows and totals for the month in the link, and another month when chosen", async () => {
    const { user, find, router } = await setup({}, '/gst-report?month=2024-10');
    const b2b = within(await page().findByTestId('gst-b2b-invoices'));
    expect(b2b.getByText('27AABCS9876K1ZK')).toBeTruthy();
    expect(b2b.getByText('Sahyadri Skills LLP')).toBeTruthy();
    expect(b2b.getAllByText('Rs. 11,499')).toHaveLength(2); // the row and the total
    // each table's totals also stand above it, in sight on a phone where the table scrolls
    expect(page().getByLabelText('B2B invoices totals').textContent).toBe(
      'Value:Rs. 11,499Taxable value:Rs. 9,744.92IGST:Rs. 1,754.08CGST:Rs. 0SGST/UTGST:Rs. 0',
    );
    const b2cs = within(page().getByTestId('gst-b2cs'));
    expect(b2cs.getByText('Intra-state')).toBeTruthy();
    expect(b2cs.getByText('Total (1)')).toBeTruthy();
    expect(b2cs.getAllByText('Rs. 3,600')).toHaveLength(4); // CGST and SGST, row and total
    expect(within(page().getByTestId('gst-hsn-sac-summary')).getByText('14 OTH')).toBeTruthy();
    // the tables with no rows say so
    expect(page().getAllByText('None this month.')).toHaveLength(2);
    // the month's net value under the title, and in the SAC summary's totals, row and total
    expect(page().getAllByText('Rs. 58,699')).toHaveLength(4);

    await user.click(page().getByRole('combobox', { name: 'Month' }));
    // the months on offer: the last two years, and the month of the link
    const months = within(await screen.findByRole('listbox'));
    expect(months.getAllByRole('option').map((o) => o.textContent)).toContain('October 2024');
    await user.click(months.getByRole('option', { name: monthLabel(lastMonth()) }));
    await page().findByText(`No invoices or credit notes in ${monthLabel(lastMonth())}.`);
    expect(router.state.location.search).toBe(`?month=${lastMonth()}`);
    expect(find('GET /payments/gst-report').map((r) => r.query.get('month'))).toContain(lastMonth());
  });

  it('downloads the month as CSV, XLSX and JSON', async () => {
    const saved: Blob[] = [];
    const spies = [
      vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
        saved.push(blob as Blob);
        return 'blob:gst';
      }),
      vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined),
    ];
    onTestFinished(() => spies.forEach((spy) => spy.mockRestore()));
    const { user, find } = await setup(
      {
        'GET /payments/gst-report': (request) =>
          request.query.get('format') === 'csv'
            ? { file: 'Section,GSTIN of recipient\r\nB2B,27AABCS9876K1ZK\r\n', headers: { 'content-type': 'text/csv' } }
            : request.query.get('format') === 'xlsx'
              ? { file: 'PK workbook', headers: { 'content-type': 'application/vnd.ms-excel' } }
              : { body: { data: OCTOBER } },
      },
      '/gst-report?month=2024-10',
    );
    await page().findByTestId('gst-b2b-invoices');
    await user.click(page().getByRole('button', { name: 'CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    await user.click(page().getByRole('button', { name: 'XLSX' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    await user.click(page().getByRole('button', { name: 'JSON' }));
    await waitFor(() => expect(saved).toHaveLength(3));
    const formats = find('GET /payments/gst-report').map((r) => r.query.get('format'));
    expect(formats).toEqual(expect.arrayContaining(['csv', 'xlsx']));
    expect(await saved[0]!.text()).toContain('B2B,27AABCS9876K1ZK');
    expect(await saved[1]!.text()).toBe('PK workbook');
    expect(JSON.parse(await saved[2]!.text())).toEqual(OCTOBER);
  });

  it('shows a failed load with Retry', async () => {
    let calls = 0;
    const { user } = await setup({
      'GET /payments/gst-report': (request) => {
        calls += 1;
        return calls === 1
          ? { status: 500, body: { error: true, message: 'The return could not be read.' } }
          : { body: { data: emptyReport(request.query.get('month')!) } };
      },
    });
    const alert = await page().findByRole('alert');
    expect(alert.textContent).toContain('The return could not be read.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await page().findByText(/^No invoices or credit notes in /);
  });
});
