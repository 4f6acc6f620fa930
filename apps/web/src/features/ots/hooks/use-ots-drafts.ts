import type { OtsDraftRow, OtsProduct } from '@lectern/contract';

// The rows of spec 2 §4 (what adding, editing and deleting do to a row's status) are the contract's
// `ots-rules`; each subscription's card holds its rows in a form on useEditController.

/** A subscription being edited: the saved rows and version it started from, and the rows as they are now. */
export interface OtsDraft {
  version: number;
  saved: OtsDraftRow[];
  rows: OtsDraftRow[];
}

/** The saved OTS products as draft rows (keyed by their id). */
export function savedRows(otsList: readonly OtsProduct[]): OtsDraftRow[] {
  return otsList.map(({ otsId, productLabel, packageCode, groupCode, status }) => ({
    key: otsId,
    otsId,
    productLabel,
    packageCode,
    groupCode,
    status,
  }));
}

function sameRow(a: OtsDraftRow, b: OtsDraftRow): boolean {
  return (
    a.status === b.status &&
    a.productLabel === b.productLabel &&
    a.packageCode === b.packageCode &&
    a.groupCode === b.groupCode
  );
}

/** Whether a row differs from its saved copy (a new row always does). */
export function rowPending(draft: OtsDraft | undefined, row: OtsDraftRow): boolean {
  if (!draft) return false;
  const was = draft.saved.find((saved) => saved.key === row.key);
  return !was || !sameRow(was, row);
}

/** How many rows a draft changes: new, edited or deleted ones (a new row deleted again is no change). */
export function pendingCount(draft: OtsDraft | undefined): number {
  if (!draft) return 0;
  return draft.rows.filter((row) => rowPending(draft, row)).length;
}
