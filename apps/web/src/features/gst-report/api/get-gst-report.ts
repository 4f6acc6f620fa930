import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { paymentsContract, type GstReport } from '@lectern/contract';
import { apiBlob, apiCall } from '../../../lib/api-client';

/** The GST return's queries, by month. */
const gstReportKeys = {
  month: (month: string) => ['gst-report', month] as const,
};

/** GET /payments/gst-report?month=: the month's GSTR-1 tables and their totals. */
function getGstReport(month: string, signal?: AbortSignal): Promise<GstReport> {
  return apiCall(paymentsContract.gstReport, { query: { month, format: 'json' } }, { signal });
}

export function useGstReport(month: string) {
  // another month keeps the last one in sight while its answer comes
  return useQuery({
    queryKey: gstReportKeys.month(month),
    queryFn: ({ signal }) => getGstReport(month, signal),
    placeholderData: keepPreviousData,
  });
}

/** The month's return as a file: one CSV (a Section column) or a workbook with a sheet per table. */
export function getGstReportFile(month: string, format: 'csv' | 'xlsx'): Promise<Blob> {
  return apiBlob(paymentsContract.gstReport, { query: { month, format } });
}
