export { DataTable, DEFAULT_EMPTY_MESSAGE, DEFAULT_EMPTY_SEARCH_MESSAGE } from './data-table';
export { SelectionBar, type SelectionBarProps } from './selection-bar';
export { STATUS_STYLES, normaliseStatus, statusStyle, type StatusStyle } from './status-styles';
export {
  useTableUrlState,
  tableParamNames,
  type TableUrlState,
  type TableUrlStateOptions,
} from './use-table-url-state';
export { buildLinkTo, filterRows, reorderRows } from './table-logic';
export type * from './types';
export { TextCell } from './cells/text-cell';
export { LabelText } from './cells/label-text';
export { ChipsCell } from './cells/chips-cell';
export { DragIconCell } from './cells/drag-icon-cell';
export { StatusSpanCell, StatusLabelCell, TagCell } from './cells/status-cells';
export { AmountCell, DateCell, DurationCell } from './cells/format-cells';
export { ProgressCell } from './cells/progress-cell';
export { ButtonCell, type ButtonCellProps } from './cells/button-cell';
export { SwitchCell } from './cells/switch-cell';
export { ApproveDeclineCell } from './cells/approve-decline-cell';
export { EditableTextCell } from './cells/editable-text-cell';
export { InfoTextCell } from './cells/info-text-cell';
export { MultiActionCell } from './cells/multi-action-cell';
