import type { OtsStatus } from './catalogues.schemas';

// The OTS rows of one subscription (spec 2 §4): a new row is CREATED; editing a saved row makes it
// UPDATED (a new row stays CREATED); deleting removes a new row outright and marks a saved one DELETED.
// The editor keeps these rules on its draft; the server plans the same list into inserts, updates and
// removals. Both sides use this file, so the rules exist once.

export interface OtsFields {
  productLabel: string;
  packageCode: string;
  groupCode: string;
}

/** A row of the editor's draft: `key` is stable while editing; `otsId` is set once the row is saved. */
export interface OtsDraftRow extends OtsFields {
  key: string;
  otsId?: string;
  status: OtsStatus;
}

/** Adds a new, empty CREATED row at the end. */
export function addOtsRow(rows: readonly OtsDraftRow[], key: string, fields?: Partial<OtsFields>): OtsDraftRow[] {
  return [...rows, { key, productLabel: '', packageCode: '', groupCode: '', ...fields, status: 'CREATED' }];
}

/** Edits a row's fields: a saved row becomes UPDATED, a new one stays CREATED; a DELETED row is left alone. */
export function editOtsRow(rows: readonly OtsDraftRow[], key: string, changes: Partial<OtsFields>): OtsDraftRow[] {
  return rows.map((row) => {
    if (row.key !== key || row.status === 'DELETED') return row;
    return { ...row, ...changes, status: row.otsId ? 'UPDATED' : 'CREATED' };
  });
}

/** Deletes a row: a new row disappears, a saved one is marked DELETED (shown struck through until saved). */
export function deleteOtsRow(rows: readonly OtsDraftRow[], key: string): OtsDraftRow[] {
  return rows.flatMap((row) => {
    if (row.key !== key) return [row];
    return row.otsId ? [{ ...row, status: 'DELETED' as const }] : [];
  });
}

/** True when the draft differs from the saved rows it started from. */
export function otsDraftChanged(saved: readonly OtsDraftRow[], draft: readonly OtsDraftRow[]): boolean {
  if (saved.length !== draft.length) return true;
  return draft.some((row, i) => {
    const was = saved[i];
    return (
      !was ||
      was.key !== row.key ||
      was.status !== row.status ||
      was.productLabel !== row.productLabel ||
      was.packageCode !== row.packageCode ||
      was.groupCode !== row.groupCode
    );
  });
}

export interface OtsPlanRow extends OtsFields {
  otsId?: string;
  status: OtsStatus;
}

export interface OtsPlan {
  insert: OtsFields[];
  update: (OtsFields & { otsId: string })[];
  remove: string[];
  /** per input row, what is wrong with it: `otsList.N.otsId` and why */
  errors: { path: string; message: string }[];
}

/**
 * What the server does with a subscription's submitted rows, given the ids it holds: rows without an
 * id must be CREATED and are inserted; rows with an id must belong to the subscription and are
 * removed (DELETED) or set to the fields sent (CREATED or UPDATED). An id sent twice is refused.
 */
export function planOtsUpdate(existingIds: ReadonlySet<string>, rows: readonly OtsPlanRow[]): OtsPlan {
  const plan: OtsPlan = { insert: [], update: [], remove: [], errors: [] };
  const seen = new Set<string>();
  rows.forEach((row, i) => {
    const fields = { productLabel: row.productLabel, packageCode: row.packageCode, groupCode: row.groupCode };
    if (!row.otsId) {
      if (row.status !== 'CREATED') {
        plan.errors.push({ path: `otsList.${i}.otsId`, message: `a ${row.status} row needs the id of a saved row` });
      } else plan.insert.push(fields);
      return;
    }
    if (!existingIds.has(row.otsId)) {
      plan.errors.push({ path: `otsList.${i}.otsId`, message: `${row.otsId} is not a product of this subscription` });
      return;
    }
    if (seen.has(row.otsId)) {
      plan.errors.push({ path: `otsList.${i}.otsId`, message: `${row.otsId} is listed twice` });
      return;
    }
    seen.add(row.otsId);
    if (row.status === 'DELETED') plan.remove.push(row.otsId);
    else plan.update.push({ otsId: row.otsId, ...fields });
  });
  return plan;
}
