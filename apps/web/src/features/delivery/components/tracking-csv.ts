import { TRACKING_ID_PATTERN } from '@lectern/contract';

export interface TrackingCsv {
  /** package id -> tracking id (upper case), for the packages of the selection */
  matched: Record<string, string>;
  /** package ids named that are not in the selection */
  unknown: string[];
  /** line numbers (1-based) that are not packageId,trackingId with a proper tracking id */
  bad: number[];
}

/**
 * Reads 'packageId,trackingId' lines (comma, semicolon or tab; quotes allowed; a header line naming
 * the package id first is skipped) and matches them to the selection by package id.
 */
export function parseTrackingCsv(text: string, packageIds: readonly string[]): TrackingCsv {
  const wanted = new Map(packageIds.map((id) => [id.toUpperCase(), id]));
  const matched: Record<string, string> = {};
  const unknown: string[] = [];
  const bad: number[] = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    const cells = line.split(/[,;\t]/).map((cell) =>
      cell
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim(),
    );
    const [packageId = '', trackingId = ''] = cells;
    const tracking = trackingId.toUpperCase();
    if (index === 0 && /package/i.test(packageId)) return; // a header
    if (!TRACKING_ID_PATTERN.test(tracking)) {
      bad.push(index + 1);
      return;
    }
    const id = wanted.get(packageId.toUpperCase());
    if (id) matched[id] = tracking;
    else unknown.push(packageId);
  });
  return { matched, unknown, bad };
}
