import { zoomCsvSessions, type ParticipantSession } from '@lectern/contract';

/** Zoom's participants report as read in the browser: the sessions, and the rows not taken with why. */
export interface ZoomCsvResult {
  sessions: ParticipantSession[];
  rejected: { rowNumber: number; reason: string }[];
}

/**
 * Reads Zoom's participants CSV (papaparse, loaded only when a file is read): the rows under the
 * header that names 'Join Time' (Zoom puts the meeting's own details in lines above it in some
 * exports), through the contract's zoomCsvSessions. Row numbers are the file's own lines.
 */
export async function readZoomCsv(text: string): Promise<ZoomCsvResult> {
  const { default: Papa } = await import('papaparse');
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const headerIndex = lines.findIndex((line) => /join time/i.test(line));
  if (headerIndex < 0) {
    return {
      sessions: [],
      rejected: [{ rowNumber: 1, reason: "No header with 'Join Time': this is not Zoom's participants report." }],
    };
  }
  const parsed = Papa.parse<Record<string, string>>(lines.slice(headerIndex).join('\n'), {
    header: true,
    skipEmptyLines: false,
    transformHeader: (header) => header.trim(),
  });
  const result = zoomCsvSessions(parsed.data);
  return {
    sessions: result.sessions,
    rejected: result.rejected.map((r) => ({ ...r, rowNumber: r.rowNumber + headerIndex })),
  };
}
