import { useCallback, useId, useMemo, useState } from 'react';
import type { RowId, SelectionContext, TableConfig } from './types';

export interface RowSelectionOptions<Row> {
  config: TableConfig<Row>;
  /** Every row the caller passed (selection reports rows from here). */
  rows: readonly Row[];
  /** The rows on the current page (select-all covers these). */
  pageRows: readonly Row[];
  getId: (row: Row) => RowId;
  /** Server mode: ids of rows not on this page still count. */
  server: boolean;
  selectedIds?: readonly RowId[];
  defaultSelectedIds?: readonly RowId[];
  onSelectionChange?: (ids: RowId[], rows: Row[]) => void;
}

export interface RowSelection<Row> {
  /** Rows get a checkbox or radio. */
  enabled: boolean;
  radio: boolean;
  /** The `name` shared by the radios of one table. */
  radioName: string;
  isSelected: (id: RowId) => boolean;
  canSelect: (row: Row) => boolean;
  toggleRow: (id: RowId) => void;
  /** Every selectable row of the page is selected. */
  allOnPage: boolean;
  /** Some, not all, selectable rows of the page are selected (select-all is indeterminate). */
  someOnPage: boolean;
  /** The page has no selectable row. */
  noneSelectable: boolean;
  toggleAll: () => void;
  /** The selected ids and rows, and a way to clear them, as the selection bar hands them on. */
  current: SelectionContext<Row>;
}

/**
 * Checkbox or radio selection, controlled (`selectedIds`) or kept here. In client mode only ids of rows
 * that still exist count, so a deleted row drops out of the selection.
 */
export function useRowSelection<Row>({
  config,
  rows,
  pageRows,
  getId,
  server,
  selectedIds,
  defaultSelectedIds,
  onSelectionChange,
}: RowSelectionOptions<Row>): RowSelection<Row> {
  const radio = config.checkBoxAsRadio === true;
  const enabled = radio || config.rowOptions?.selectable === true;
  const isRowSelectable = config.rowOptions?.isRowSelectable;
  const radioName = useId();
  const [ownSelection, setOwnSelection] = useState<readonly RowId[]>(defaultSelectedIds ?? []);
  const rawSelection = selectedIds ?? ownSelection;
  const rowsById = useMemo(() => new Map(rows.map((row) => [getId(row), row])), [rows, getId]);
  const selection = useMemo(
    () => (server ? [...rawSelection] : rawSelection.filter((id) => rowsById.has(id))),
    [server, rawSelection, rowsById],
  );
  const selectedSet = useMemo(() => new Set(selection), [selection]);
  const rowsOf = useCallback((ids: readonly RowId[]) => ids.flatMap((id) => rowsById.get(id) ?? []), [rowsById]);

  const setSelection = (ids: RowId[]) => {
    if (selectedIds === undefined) setOwnSelection(ids);
    onSelectionChange?.(ids, rowsOf(ids));
  };
  const canSelect = (row: Row) => !isRowSelectable || isRowSelectable(row);
  const pageSelectableIds = enabled ? pageRows.filter(canSelect).map(getId) : [];
  const pageSelectedCount = pageSelectableIds.filter((id) => selectedSet.has(id)).length;
  const allOnPage = pageSelectableIds.length > 0 && pageSelectedCount === pageSelectableIds.length;

  const toggleAll = () => {
    if (allOnPage) {
      const onPage = new Set(pageSelectableIds);
      setSelection(selection.filter((id) => !onPage.has(id)));
    } else {
      setSelection([...selection, ...pageSelectableIds.filter((id) => !selectedSet.has(id))]);
    }
  };
  const toggleRow = (id: RowId) => {
    if (radio) setSelection([id]);
    else if (selectedSet.has(id)) setSelection(selection.filter((other) => other !== id));
    else setSelection([...selection, id]);
  };

  return {
    enabled,
    radio,
    radioName,
    isSelected: (id) => selectedSet.has(id),
    canSelect,
    toggleRow,
    allOnPage,
    someOnPage: pageSelectedCount > 0 && !allOnPage,
    noneSelectable: pageSelectableIds.length === 0,
    toggleAll,
    current: { ids: selection, rows: rowsOf(selection), clear: () => setSelection([]) },
  };
}
