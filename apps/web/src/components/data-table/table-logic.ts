// Pure helpers of the data table: reading values, searching, comparing, reordering, building links,
// laying out columns.
import type { ColumnConfig, KeysOfType, LinkQuery, ReorderEvent, RowId, SearchField, SortValue } from './types';

/** Reads a column's value from a row. */
export function readMapping<Row>(row: Row, mapping: (keyof Row & string) | ((row: Row) => unknown)): unknown {
  return typeof mapping === 'function' ? mapping(row) : row[mapping];
}

/** Reads a row's id through `checkboxKeyMap`. */
export function readRowId<Row>(row: Row, key: KeysOfType<Row, RowId> | ((row: Row) => RowId)): RowId {
  const value: unknown = typeof key === 'function' ? key(row) : row[key];
  return typeof value === 'number' ? value : String(value);
}

/** The text of one value for searching: arrays are joined, objects and absent values give ''. */
function searchText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(searchText).join(' ');
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' || typeof value === 'function' || typeof value === 'symbol') return '';
  return String(value);
}

/** Rows where any of `fields` contains `query` (trimmed, case-insensitive); all rows for a blank query. */
export function filterRows<Row>(rows: readonly Row[], fields: readonly SearchField<Row>[], query: string): Row[] {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '' || fields.length === 0) return [...rows];
  return rows.filter((row) =>
    fields.some((field) => {
      const value: unknown = typeof field === 'function' ? field(row) : row[field];
      return searchText(value).toLocaleLowerCase().includes(needle);
    }),
  );
}

/** A value a column can be sorted by, or undefined for values that do not sort (objects, arrays of objects). */
export function toSortValue(value: unknown): SortValue {
  if (value === null || value === undefined) return value;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return value;
  if (Array.isArray(value)) return value.map(searchText).join(', ');
  return undefined;
}

/** What a column sorts `row` by: its `sortValue`, else its mapped value; blanks give undefined. */
export function sortValueOf<Row>(column: ColumnConfig<Row>, row: Row): SortValue {
  if (column.sortValue) return column.sortValue(row);
  if (!column.dataMapping) return undefined;
  const value = toSortValue(readMapping(row, column.dataMapping));
  // TanStack keeps undefined last in both directions; blanks belong there too.
  return value === null || value === '' ? undefined : value;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Ascending comparison of two sort values; absent values ('' included) sort after present ones. */
export function compareSortValues(a: SortValue, b: SortValue): number {
  const aAbsent = a === null || a === undefined || a === '';
  const bAbsent = b === null || b === undefined || b === '';
  if (aAbsent || bAbsent) return aAbsent === bAbsent ? 0 : aAbsent ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(searchText(a), searchText(b));
}

/**
 * Moves the row with id `activeId` to the position of the row with id `overId`.
 * Returns null when either id is unknown or nothing moves.
 */
export function reorderRows<Row>(
  rows: readonly Row[],
  getId: (row: Row) => RowId,
  activeId: RowId,
  overId: RowId,
): ReorderEvent<Row> | null {
  const ids = rows.map(getId);
  const from = ids.findIndex((id) => String(id) === String(activeId));
  const to = ids.findIndex((id) => String(id) === String(overId));
  if (from < 0 || to < 0 || from === to) return null;
  const nextRows = [...rows];
  const [moved] = nextRows.splice(from, 1);
  if (moved === undefined) return null;
  nextRows.splice(to, 0, moved);
  return { ids: nextRows.map(getId), rows: nextRows, from, to, id: getId(moved) };
}

/** A link target: `to` with the query parameters that have a value, e.g. '/subject-management/subject-details?subjectId=s-1'. */
export function buildLinkTo(to: string, query: LinkQuery | undefined): string {
  if (!query) return to;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search === '' ? to : `${to}${to.includes('?') ? '&' : '?'}${search}`;
}

/** Number of pages for a count; at least 1 so an empty table is 'page 1 of 1'. */
export function pageCount(count: number, rowsPerPage: number): number {
  if (rowsPerPage <= 0) return 1;
  return Math.max(1, Math.ceil(count / rowsPerPage));
}

/** A column's alignment: its own, else numbers right and controls centred. */
export function columnAlign<Row>(column: ColumnConfig<Row>): 'left' | 'center' | 'right' {
  if (column.align) return column.align;
  switch (column.elementType) {
    case 'amount':
    case 'duration':
      return 'right';
    case 'switch':
    case 'approveDecline':
    case 'dragIcon':
      return 'center';
    default:
      return 'left';
  }
}

// Text-heavy kinds get a minimum width so an auto-laid-out table cannot squash them to a letter a line.
/** A column's minimum width in px, or undefined for none. */
export function columnMinWidth<Row>(column: ColumnConfig<Row>): number | undefined {
  if (column.extraWidth !== undefined) return column.extraWidth;
  switch (column.elementType) {
    case 'editableText':
      return 200;
    case 'infoText':
    case 'multiAction':
      return 160;
    default:
      return undefined;
  }
}
