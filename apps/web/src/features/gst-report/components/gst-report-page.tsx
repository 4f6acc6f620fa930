import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import {
  GST_FIRST_MONTH,
  PAGES,
  formatDate,
  formatMoney,
  formatMonth,
  indianDate,
  paise,
  type GstReport,
  type GstTableTotals,
} from '@lectern/contract';
import { PageLoading } from '../../../components/page-loading';
import { PageHeader } from '../../../components/page-header';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { SectionCard } from '../../../components/section-card';
import { notify } from '../../../components/feedback/notify';
import { errorMessage } from '../../../lib/query-client';
import { saveBlob } from '../../../lib/save-blob';
import { getGstReportFile, useGstReport } from '../api/get-gst-report';

const GST_REPORT_PATH = '/gst-report';
const TITLE = PAGES.find((page) => page.path === GST_REPORT_PATH)?.pageName ?? 'GST Return';
/** How many months back the month list offers (a linked month outside it is offered too). */
const MONTHS_OFFERED = 24;

/** 'May 2024' for '2024-05'. */
export const monthLabel = formatMonth;

/** The month `offset` months from `month` ('2024-05', -1 -> '2024-04'). */
function shiftMonth(month: string, offset: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (number - 1) + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const isMonth = (value: string | null): value is string =>
  value !== null && /^\d{4}-(0[1-9]|1[0-2])$/.test(value) && value >= GST_FIRST_MONTH;

interface Column<T> {
  heading: string;
  cell: (row: T) => ReactNode;
  /** right-aligned figures, with the table's total under them */
  total?: (totals: GstTableTotals) => ReactNode;
}

const money = (amount: number) => formatMoney(paise(amount));
const rate = (value: number) => `${value}%`;
const TAX_COLUMNS = <T extends { taxableValue: number; igst: number; cgst: number; sgst: number }>(): Column<T>[] => [
  { heading: 'Taxable value', cell: (r) => money(r.taxableValue), total: (t) => money(t.taxableValue) },
  { heading: 'IGST', cell: (r) => money(r.igst), total: (t) => money(t.igst) },
  { heading: 'CGST', cell: (r) => money(r.cgst), total: (t) => money(t.cgst) },
  { heading: 'SGST/UTGST', cell: (r) => money(r.sgst), total: (t) => money(t.sgst) },
];
const TYPE = (type: 'INTRA' | 'INTER') => (type === 'INTRA' ? 'Intra-state' : 'Inter-state');

type NoteRow = GstReport['cdnr']['rows'][number];
const NOTE_COLUMNS = (withGstin: boolean): Column<NoteRow>[] => [
  ...(withGstin ? [{ heading: 'GSTIN', cell: (r: NoteRow) => r.buyerGstin ?? '' }] : []),
  { heading: 'Buyer', cell: (r) => r.buyerName },
  { heading: 'Credit note', cell: (r) => r.creditNoteNumber },
  { heading: 'Date', cell: (r) => formatDate(r.creditNoteDate) },
  { heading: 'Invoice', cell: (r) => `${r.invoiceNumber} (${formatDate(r.invoiceDate)})` },
  { heading: 'Place of supply', cell: (r) => r.placeOfSupply },
  { heading: 'Rate', cell: (r) => rate(r.rate) },
  { heading: 'Note value', cell: (r) => money(r.noteValue), total: (t) => money(t.value) },
  ...TAX_COLUMNS<NoteRow>(),
];

/** One GSTR-1 table: its rows, a total under the figures, 'None this month.' when empty. */
function GstTable<T>(props: {
  title: string;
  description: string;
  rows: readonly T[];
  totals: GstTableTotals;
  columns: Column<T>[];
  rowKey: (row: T) => string;
}) {
  const { title, description, rows, totals, columns, rowKey } = props;
  const id = `gst-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section aria-label={title}>
      <SectionCard title={title}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {description}
        </Typography>
        {rows.length === 0 ? (
          <Typography variant="body2">None this month.</Typography>
        ) : (
          <>
            <Box
              component="dl"
              aria-label={`${title} totals`}
              sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 0.5, m: 0, mb: 1.5, typography: 'body2' }}
            >
              {[
                ['Value', totals.value],
                ['Taxable value', totals.taxableValue],
                ['IGST', totals.igst],
                ['CGST', totals.cgst],
                ['SGST/UTGST', totals.sgst],
              ].map(([label, amount]) => (
                <Box key={label} sx={{ display: 'flex', gap: 0.5 }}>
                  <Box component="dt" sx={{ color: 'text.secondary' }}>
                    {label}:
                  </Box>
                  <Box component="dd" sx={{ m: 0, fontWeight: 600 }}>
                    {money(Number(amount))}
                  </Box>
                </Box>
              ))}
            </Box>
            <Box
              sx={{ overflowX: 'auto' }}
              tabIndex={0}
              role="region"
              aria-label={`${title}: ${rows.length} ${rows.length === 1 ? 'row' : 'rows'}`}
            >
              <Table size="small" data-testid={id}>
                <TableHead>
                  <TableRow>
                    {columns.map((column) => (
                      <TableCell
                        key={column.heading}
                        align={column.total ? 'right' : 'left'}
                        sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}
                      >
                        {column.heading}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((row) => (
                    <TableRow key={rowKey(row)}>
                      {columns.map((column) => (
                        <TableCell
                          key={column.heading}
                          align={column.total ? 'right' : 'left'}
                          sx={{ whiteSpace: 'nowrap' }}
                        >
                          {column.cell(row)}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
                <TableFooter>
                  <TableRow>
                    {columns.map((column, index) => (
                      <TableCell
                        key={column.heading}
                        align={column.total ? 'right' : 'left'}
                        sx={{ whiteSpace: 'nowrap', fontWeight: 700, color: 'text.primary', fontSize: '0.875rem' }}
                      >
                        {index === 0 ? `Total (${totals.rows})` : (column.total?.(totals) ?? '')}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableFooter>
              </Table>
            </Box>
          </>
        )}
      </SectionCard>
    </section>
  );
}

/**
 * /gst-report (FINANCE, SUPER_ADMIN): a month's GST return data, the GSTR-1 tables of the invoices
 * and credit notes dated in it (India days): B2B, B2CS, credit notes and the SAC summary, each with
 * its totals; the month (last month unless the link names one) is kept in the URL; the return
 * downloads as CSV, XLSX or JSON.
 */
export default function GstReportPage() {
  const [params, setParams] = useSearchParams();
  const thisMonth = indianDate().slice(0, 7);
  const asked = params.get('month');
  const month = isMonth(asked) ? asked : shiftMonth(thisMonth, -1);
  const report = useGstReport(month);
  const [busy, setBusy] = useState<'csv' | 'xlsx' | 'json' | null>(null);

  const offered = Array.from({ length: MONTHS_OFFERED }, (_, i) => shiftMonth(thisMonth, -i)).filter(
    (m) => m >= GST_FIRST_MONTH,
  );
  if (!offered.includes(month)) offered.push(month);
  offered.sort().reverse();

  async function download(format: 'csv' | 'xlsx' | 'json') {
    setBusy(format);
    try {
      const blob =
        format === 'json'
          ? new Blob([JSON.stringify(report.data, null, 2)], { type: 'application/json' })
          : await getGstReportFile(month, format);
      saveBlob(blob, `gst-return-${month}.${format}`);
    } catch (error) {
      notify('error', errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  const data = report.data?.month === month ? report.data : undefined;
  const empty =
    data &&
    [data.b2b, data.b2cs, data.cdnr, data.creditNotesUnregistered, data.hsn].every((table) => table.rows.length === 0);

  return (
    <>
      <PageHeader
        title={TITLE}
        subtitle="GSTR-1 data of a month: invoices and credit notes dated in it (India time)."
        figures={
          data && !empty
            ? [
                { label: 'Taxable value', value: money(data.hsn.totals.taxableValue) },
                { label: 'Tax', value: money(data.hsn.totals.igst + data.hsn.totals.cgst + data.hsn.totals.sgst) },
                { label: 'Net value', value: money(data.hsn.totals.value) },
              ]
            : undefined
        }
        actions={
          <>
            <TextField
              select
              size="small"
              label="Month"
              value={month}
              onChange={(event) => setParams({ month: event.target.value }, { replace: true })}
              sx={{ minWidth: 170 }}
            >
              {offered.map((m) => (
                <MenuItem key={m} value={m}>
                  {monthLabel(m)}
                </MenuItem>
              ))}
            </TextField>
            {(['csv', 'xlsx', 'json'] as const).map((format) => (
              <Button
                key={format}
                variant="outlined"
                startIcon={<DownloadIcon />}
                loading={busy === format}
                disabled={!data}
                onClick={() => void download(format)}
              >
                {format.toUpperCase()}
              </Button>
            ))}
          </>
        }
      />
      {report.isError ? (
        <QueryErrorAlert query={report} />
      ) : !data ? (
        <Box aria-busy="true">
          <PageLoading />
        </Box>
      ) : empty ? (
        <Alert severity="info">{`No invoices or credit notes in ${monthLabel(month)}.`}</Alert>
      ) : (
        <Stack spacing={2}>
          <GstTable
            title="B2B invoices"
            description="Table 4A: invoices to buyers with a GSTIN."
            rows={data.b2b.rows}
            totals={data.b2b.totals}
            rowKey={(r) => r.invoiceNumber}
            columns={[
              { heading: 'GSTIN', cell: (r) => r.buyerGstin },
              { heading: 'Buyer', cell: (r) => r.buyerName },
              { heading: 'Invoice', cell: (r) => r.invoiceNumber },
              { heading: 'Date', cell: (r) => formatDate(r.invoiceDate) },
              { heading: 'Place of supply', cell: (r) => r.placeOfSupply },
              { heading: 'Rate', cell: (r) => rate(r.rate) },
              { heading: 'Invoice value', cell: (r) => money(r.invoiceValue), total: (t) => money(t.value) },
              ...TAX_COLUMNS<GstReport['b2b']['rows'][number]>(),
            ]}
          />
          <GstTable
            title="B2CS"
            description="Table 7: sales to buyers without a GSTIN by place of supply and rate, less this month's credit notes to them."
            rows={data.b2cs.rows}
            totals={data.b2cs.totals}
            rowKey={(r) => `${r.type}-${r.placeOfSupply}-${r.rate}`}
            columns={[
              { heading: 'Type', cell: (r) => TYPE(r.type) },
              { heading: 'Place of supply', cell: (r) => r.placeOfSupply },
              { heading: 'Rate', cell: (r) => rate(r.rate) },
              { heading: 'Invoices', cell: (r) => r.invoices },
              { heading: 'Credit notes', cell: (r) => r.creditNotes },
              { heading: 'Value', cell: (r) => money(r.total), total: (t) => money(t.value) },
              ...TAX_COLUMNS<GstReport['b2cs']['rows'][number]>(),
            ]}
          />
          <GstTable
            title="Credit notes: registered (CDNR)"
            description="Table 9B: credit notes to buyers with a GSTIN."
            rows={data.cdnr.rows}
            totals={data.cdnr.totals}
            rowKey={(r) => r.creditNoteNumber}
            columns={NOTE_COLUMNS(true)}
          />
          <GstTable
            title="Credit notes: no GSTIN"
            description="Credit notes to buyers without a GSTIN: already taken off B2CS, listed for the record."
            rows={data.creditNotesUnregistered.rows}
            totals={data.creditNotesUnregistered.totals}
            rowKey={(r) => r.creditNoteNumber}
            columns={NOTE_COLUMNS(false)}
          />
          <GstTable
            title="HSN/SAC summary"
            description="Table 12: the month's supplies by SAC and rate, less its credit notes."
            rows={data.hsn.rows}
            totals={data.hsn.totals}
            rowKey={(r) => `${r.sacCode}-${r.rate}`}
            columns={[
              { heading: 'SAC', cell: (r) => r.sacCode },
              { heading: 'Description', cell: (r) => r.description },
              { heading: 'Quantity', cell: (r) => `${r.quantity} ${r.uqc}` },
              { heading: 'Rate', cell: (r) => rate(r.rate) },
              ...TAX_COLUMNS<GstReport['hsn']['rows'][number]>(),
              { heading: 'Total value', cell: (r) => money(r.total), total: (t) => money(t.value) },
            ]}
          />
        </Stack>
      )}
    </>
  );
}
