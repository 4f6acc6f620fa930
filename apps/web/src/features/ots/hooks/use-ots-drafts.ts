import { useCallback, useMemo, useRef, useState } from 'react';
import {
  addOtsRow,
  deleteOtsRow,
  editOtsRow,
  otsDraftChanged,
  type OtsDraftRow,
  type OtsFields,
  type OtsProduct,
  type Subscription,
} from '@lectern/contract';

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

/**
 * The OTS editor's drafts, one per changed subscription, kept apart from the server's copy so a refetch
 * never loses typing and a save sends the version the edit started from. The rules of spec 2 §4 (what
 * adding, editing and deleting do to a row's status) are the contract's `ots-rules`; a draft that is
 * back to its saved rows is dropped.
 */
export function useOtsDrafts() {
  const [drafts, setDrafts] = useState<Record<string, OtsDraft>>({});
  const nextKey = useRef(0);

  const change = useCallback((subscription: Subscription, apply: (rows: OtsDraftRow[]) => OtsDraftRow[]) => {
    setDrafts((previous) => {
      const { subscriptionId } = subscription;
      const saved = previous[subscriptionId]?.saved ?? savedRows(subscription.otsList);
      const current = previous[subscriptionId] ?? { version: subscription.version, saved, rows: saved };
      const rows = apply(current.rows);
      const next = { ...previous };
      if (otsDraftChanged(current.saved, rows)) next[subscriptionId] = { ...current, rows };
      else delete next[subscriptionId];
      return next;
    });
  }, []);

  const actions = useMemo(
    () => ({
      /** Adds a new, empty CREATED row; gives its key. */
      add: (subscription: Subscription): string => {
        nextKey.current += 1;
        const key = `new-${nextKey.current}`;
        change(subscription, (rows) => addOtsRow(rows, key));
        return key;
      },
      edit: (subscription: Subscription, key: string, changes: Partial<OtsFields>) =>
        change(subscription, (rows) => editOtsRow(rows, key, changes)),
      remove: (subscription: Subscription, key: string) => change(subscription, (rows) => deleteOtsRow(rows, key)),
      /** Back to the saved copy. */
      discard: (subscriptionId: string) =>
        setDrafts((previous) => {
          const next = { ...previous };
          delete next[subscriptionId];
          return next;
        }),
    }),
    [change],
  );

  return { drafts, ...actions, anyChanged: Object.keys(drafts).length > 0 };
}
