import type { Money } from '@lectern/contract';
import type { ReactNode } from 'react';
import type { StatusStyle } from './status-styles';

/** A row's identity: the value under `checkboxKeyMap`. */
export type RowId = string | number;

/** Keys of `Row` whose values can be read as `V` (so a column cannot map an object to an amount cell). */
export type KeysOfType<Row, V> = { [K in keyof Row]-?: Row[K] extends V ? K : never }[keyof Row] & string;

/** Where a column reads its value: a key of the row, or a function of the row. */
export type DataMapping<Row, V = unknown> = KeysOfType<Row, V> | ((row: Row) => V);

/** Values a plain text cell can show. */
export type TextValue = string | number | bigint | boolean | null | undefined;
export type ChipsValue = readonly string[] | string | null | undefined;
export type StatusValue = string | null | undefined;
/** Money in integer paise (the contract's `Money`), shown as 'Rs.' with Indian grouping. */
export type AmountValue = Money | null | undefined;
export type DateValue = Date | string | number | null | undefined;
export type DurationValue = number | null | undefined;
export type SwitchValue = boolean | null | undefined;
export type EditableTextValue = string | null | undefined;
export type InfoTextValue = string | readonly string[] | null | undefined;
export type MultiActionValue = string | null | undefined;
/** A percent, 0-100. */
export type ProgressValue = number | null | undefined;

/** Value used when sorting a column. */
export type SortValue = string | number | boolean | Date | null | undefined;

/** Query-string values for a button link; null and undefined are left out. */
export type LinkQuery = Readonly<Record<string, string | number | boolean | null | undefined>>;

/** Options of the status span, status label and tag cells. */
export interface StatusCellConfig {
  /** Display label per status (raw or normalised keys), e.g. { COMPLETE: 'Transcoded' }. */
  labels?: Readonly<Record<string, string>>;
  /** Extra or replacement styles per status (raw or normalised keys). */
  styles?: Readonly<Record<string, StatusStyle>>;
}

export interface ChipsCellConfig {
  /** Display label of one item, e.g. a role name from its code. */
  getLabel?: (item: string) => string;
  /** Show at most this many chips, then '+N'. */
  max?: number;
}

export interface ButtonCellConfig<Row> {
  /** The button text; without it the mapped value is shown. */
  label?: string | ((row: Row) => string);
  /** Makes the button a react-router link to this path. */
  to?: string;
  /** Query parameters of the link, built from the row, e.g. (row) => ({ subjectId: row.id }). */
  query?: (row: Row) => LinkQuery;
  onClick?: (row: Row) => void;
  variant?: 'text' | 'outlined' | 'contained';
  /** Accessible name when the visible label is not enough, e.g. (row) => `Open ${row.name}`. */
  ariaLabel?: (row: Row) => string;
  /** Why the button is disabled for this row (the column's `disabled`), shown beside it on hover, focus or tap. */
  disabledReason?: (row: Row) => string | null;
}

export interface ProgressCellConfig<Row> {
  /** Accessible name of the bar; defaults to the column title. */
  ariaLabel?: (row: Row) => string;
}

export interface SwitchCellConfig<Row> {
  onToggle: (row: Row, next: boolean) => void;
  /** Accessible name of the switch; defaults to the column title. */
  ariaLabel?: (row: Row) => string;
}

export interface ApproveDeclineCellConfig<Row> {
  onApprove: (row: Row) => void;
  onDecline: (row: Row) => void;
  approveLabel?: string;
  declineLabel?: string;
}

export interface EditableTextCellConfig<Row> {
  /**
   * Called with the trimmed value (at most 200 characters) only when it differs from the current one.
   * Return the save's promise to have a failed save reopen the editor with the typed text.
   */
  onEdit: (row: Row, value: string) => void | Promise<unknown>;
  /** Accessible name of the text box; defaults to 'Edit <column title>'. */
  ariaLabel?: (row: Row) => string;
}

export interface InfoTextCellConfig<Row> {
  /** The tooltip behind the info icon; no icon when it gives '' or null. */
  info: string | ((row: Row) => ReactNode);
  infoLabel?: string;
}

export interface MultiActionCellConfig<Row> {
  onRemove: (row: Row) => void;
  /** With it, an empty cell offers an 'Attach' action instead of '—'. */
  onAttach?: (row: Row) => void;
  removeLabel?: string;
  attachLabel?: string;
}

interface ColumnBase<Row> {
  /** Unique within the table; also the sort key in the URL. */
  id: string;
  title: string;
  /** Interactive cells (button, switch, approve/decline, editable text, remove) are disabled. */
  disabled?: boolean | ((row: Row) => boolean);
  align?: 'left' | 'center' | 'right';
  /** Minimum column width in px, so phones scroll sideways instead of squashing the column. */
  extraWidth?: number;
  /** Header click sorts by this column (by `sortValue`, else the mapped value). */
  sortable?: boolean;
  sortValue?: (row: Row) => SortValue;
  /** The title is read by screen readers only. */
  hideTitle?: boolean;
}

/**
 * One column. `elementType` picks the cell kind (spec 1 §2 'Table cell kinds'); `dataMapping` says
 * where its value comes from and is typed per kind; `elementConfig` holds the kind's options.
 */
export type ColumnConfig<Row> =
  | (ColumnBase<Row> & { elementType?: 'text'; dataMapping: DataMapping<Row, TextValue>; elementConfig?: never })
  | (ColumnBase<Row> & {
      elementType: 'chips';
      dataMapping: DataMapping<Row, ChipsValue>;
      elementConfig?: ChipsCellConfig;
    })
  | (ColumnBase<Row> & { elementType: 'dragIcon'; dataMapping?: never; elementConfig?: never })
  | (ColumnBase<Row> & {
      elementType: 'statusSpan' | 'statusLabel' | 'tag';
      dataMapping: DataMapping<Row, StatusValue>;
      elementConfig?: StatusCellConfig;
    })
  | (ColumnBase<Row> & { elementType: 'amount'; dataMapping: DataMapping<Row, AmountValue>; elementConfig?: never })
  | (ColumnBase<Row> & { elementType: 'date'; dataMapping: DataMapping<Row, DateValue>; elementConfig?: never })
  /** an id: short on screen, whole in its tooltip and accessible name, with a copy button */
  | (ColumnBase<Row> & { elementType: 'id'; dataMapping: DataMapping<Row, TextValue>; elementConfig?: never })
  | (ColumnBase<Row> & { elementType: 'duration'; dataMapping: DataMapping<Row, DurationValue>; elementConfig?: never })
  | (ColumnBase<Row> & {
      elementType: 'progress';
      dataMapping: DataMapping<Row, ProgressValue>;
      elementConfig?: ProgressCellConfig<Row>;
    })
  | (ColumnBase<Row> & {
      elementType: 'button';
      dataMapping?: DataMapping<Row, TextValue>;
      elementConfig: ButtonCellConfig<Row>;
    })
  | (ColumnBase<Row> & {
      elementType: 'switch';
      dataMapping: DataMapping<Row, SwitchValue>;
      elementConfig: SwitchCellConfig<Row>;
    })
  | (ColumnBase<Row> & {
      elementType: 'approveDecline';
      dataMapping?: never;
      elementConfig: ApproveDeclineCellConfig<Row>;
    })
  | (ColumnBase<Row> & {
      elementType: 'editableText';
      dataMapping: DataMapping<Row, EditableTextValue>;
      elementConfig: EditableTextCellConfig<Row>;
    })
  | (ColumnBase<Row> & {
      elementType: 'infoText';
      dataMapping: DataMapping<Row, InfoTextValue>;
      elementConfig: InfoTextCellConfig<Row>;
    })
  | (ColumnBase<Row> & {
      elementType: 'multiAction';
      dataMapping: DataMapping<Row, MultiActionValue>;
      elementConfig: MultiActionCellConfig<Row>;
    });

/** Every cell kind. */
export type ElementType = NonNullable<ColumnConfig<unknown>['elementType']>;

export interface TitleButtonConfig {
  label: string;
  onClick: () => void;
  icon?: ReactNode;
  disabled?: boolean;
}

export interface RowOptions<Row> {
  /** Rows get a checkbox (or a radio with `checkBoxAsRadio`). */
  selectable?: boolean;
  /** Rows that cannot be selected get a disabled control, e.g. videos not yet transcoded. */
  isRowSelectable?: (row: Row) => boolean;
  /** Compact rows. */
  dense?: boolean;
}

export interface PaginationConfig {
  /** Default true; false shows every row (virtualised when long). */
  usePagination?: boolean;
  /** Default CONSTANTS.tableDefaultPageSize (10). */
  defaultRowsPerPage?: number;
  /** Default CONSTANTS.tableRowsPerPageOptions. */
  rowsPerPageOptions?: readonly number[];
}

export interface DragAndDropConfig {
  /** Rows get a drag handle and can be reordered; the table reports the new order through onReorder. */
  enabled: boolean;
  /** Handles are shown but inert, e.g. while a reorder is being saved. */
  disabled?: boolean;
}

export interface EmptyMessages {
  /** Default 'No records yet.' */
  empty?: string;
  /** Default 'No records match your search.' */
  emptySearch?: string;
}

export interface VirtualizationConfig {
  /** Bodies with more rows than this render only the visible rows. Default 100. */
  threshold?: number;
  /** Height of the scroll area in px. Default 560. */
  height?: number;
  /** Estimated row height in px. Default 53 (33 when dense). */
  rowHeight?: number;
}

/** A search field: a key of the row, or a function giving the text to search. */
export type SearchField<Row> = (keyof Row & string) | ((row: Row) => unknown);

/** The whole table (spec 1 §3 'Table config'). */
export interface TableConfig<Row> {
  columns: readonly ColumnConfig<Row>[];
  /** The id of a row: selection, ordering and React keys use it. */
  checkboxKeyMap: KeysOfType<Row, RowId> | ((row: Row) => RowId);
  title?: string;
  titleButton?: TitleButtonConfig;
  rowOptions?: RowOptions<Row>;
  pagination?: PaginationConfig;
  /** Single selection with radio buttons (implies selectable rows). */
  checkBoxAsRadio?: boolean;
  dragAndDrop?: DragAndDropConfig;
  /** Fields the search box covers; no search box without it. */
  searchTextMap?: readonly SearchField<Row>[];
  emptyMessages?: EmptyMessages;
  virtualization?: VirtualizationConfig;
  /** Minimum table width in px before the table scrolls sideways (phones). Default 640. */
  minWidth?: number;
}

/** The new order after a drag. */
export interface ReorderEvent<Row> {
  /** Every row id in the new order. */
  ids: RowId[];
  /** The rows in the new order. */
  rows: Row[];
  /** Index in `rows` (as passed to the table) before and after the move. */
  from: number;
  to: number;
  /** The moved row. */
  id: RowId;
}

export interface SortState {
  id: string;
  desc: boolean;
}

/** Server-side paging: the caller pages, searches and sorts; the table shows `rows` as they are. */
export interface ServerPaging {
  totalCount: number;
  /** 0-based. */
  page: number;
  rowsPerPage: number;
  onPageChange: (page: number) => void;
  onRowsPerPageChange: (rowsPerPage: number) => void;
  /** The search text changed (the URL is already updated; reset your page here if it is not URL state). */
  onSearchChange?: (search: string) => void;
  onSortChange?: (sort: SortState | null) => void;
}

export interface SelectionContext<Row> {
  ids: RowId[];
  rows: Row[];
  clear: () => void;
}

export interface DataTableProps<Row> {
  config: TableConfig<Row>;
  rows: readonly Row[];
  /** Skeleton rows instead of the body. */
  loading?: boolean;
  /** Shown instead of the body, e.g. a banner with a retry button. */
  error?: ReactNode;
  /** Prefix of the query parameters, so two tables on one page keep separate state. */
  urlKey?: string;
  /** Default true: page, search and sort live in the URL. False keeps them in component state. */
  syncUrl?: boolean;
  /** Controlled selection; leave undefined for the table to keep it. */
  selectedIds?: readonly RowId[];
  defaultSelectedIds?: readonly RowId[];
  onSelectionChange?: (ids: RowId[], rows: Row[]) => void;
  /** Adds Delete to the selection bar. */
  onDelete?: (ids: RowId[], rows: Row[]) => void;
  /** Custom actions in the selection bar (shown next to Delete when both are given). */
  selectionActions?: (selection: SelectionContext<Row>) => ReactNode;
  /** Called after a drag ends on a new position. The caller owns `rows` and applies the order. */
  onReorder?: (event: ReorderEvent<Row>) => void;
  /** Server-side paging mode. */
  server?: ServerPaging;
}
