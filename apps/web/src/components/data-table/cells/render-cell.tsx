import type { ReactNode } from 'react';
import { orNA, paise } from '@lectern/contract';
import { buildLinkTo, readMapping } from '../table-logic';
import type { AmountValue, ColumnConfig, DateValue, TextValue } from '../types';
import { ApproveDeclineCell } from './approve-decline-cell';
import { ButtonCell } from './button-cell';
import { ChipsCell } from './chips-cell';
import { DragIconCell } from './drag-icon-cell';
import { EditableTextCell } from './editable-text-cell';
import { IdCell } from './id-cell';
import { AmountCell, DateCell, DurationCell } from './format-cells';
import { InfoTextCell } from './info-text-cell';
import { MultiActionCell } from './multi-action-cell';
import { ProgressCell } from './progress-cell';
import { StatusLabelCell, StatusSpanCell, TagCell } from './status-cells';
import { SwitchCell } from './switch-cell';
import { TextCell } from './text-cell';

// Column types already restrict what a mapping may return; these guards keep a wrongly shaped value
// from the server (a number where a string was promised, say) from crashing a cell.

function asText(value: unknown): TextValue {
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'bigint':
    case 'boolean':
      return value;
    default:
      return undefined;
  }
}

function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
}

function asStrings(value: unknown): string[] | string | undefined {
  if (Array.isArray(value)) return value.flatMap((item) => asString(item) ?? []);
  return asString(value);
}

function asMoney(value: unknown): AmountValue {
  return typeof value === 'number' && Number.isSafeInteger(value) ? paise(value) : undefined;
}

function asDate(value: unknown): DateValue {
  return value instanceof Date || typeof value === 'number' || typeof value === 'string' ? value : undefined;
}

function isDisabled<Row>(column: ColumnConfig<Row>, row: Row): boolean {
  const { disabled } = column;
  return typeof disabled === 'function' ? disabled(row) : disabled === true;
}

/** Renders one cell of `row` for `column`, by its element type. */
export function renderCell<Row>(column: ColumnConfig<Row>, row: Row): ReactNode {
  const disabled = isDisabled(column, row);
  switch (column.elementType) {
    case undefined:
    case 'text':
      return <TextCell value={asText(readMapping(row, column.dataMapping))} />;
    case 'chips':
      return (
        <ChipsCell
          value={asStrings(readMapping(row, column.dataMapping))}
          getLabel={column.elementConfig?.getLabel}
          max={column.elementConfig?.max}
        />
      );
    case 'dragIcon':
      return <DragIconCell />;
    case 'statusSpan':
      return <StatusSpanCell status={asString(readMapping(row, column.dataMapping))} {...column.elementConfig} />;
    case 'statusLabel':
      return <StatusLabelCell status={asString(readMapping(row, column.dataMapping))} {...column.elementConfig} />;
    case 'tag':
      return <TagCell status={asString(readMapping(row, column.dataMapping))} {...column.elementConfig} />;
    case 'amount':
      return <AmountCell value={asMoney(readMapping(row, column.dataMapping))} />;
    case 'date':
      return <DateCell value={asDate(readMapping(row, column.dataMapping))} />;
    case 'id':
      return <IdCell value={asString(readMapping(row, column.dataMapping))} />;
    case 'duration': {
      const value = readMapping(row, column.dataMapping);
      return <DurationCell value={typeof value === 'number' ? value : undefined} />;
    }
    case 'progress': {
      const value = readMapping(row, column.dataMapping);
      return (
        <ProgressCell
          value={typeof value === 'number' ? value : undefined}
          label={column.elementConfig?.ariaLabel?.(row) ?? column.title}
        />
      );
    }
    case 'button': {
      const config = column.elementConfig;
      const label =
        typeof config.label === 'function'
          ? config.label(row)
          : (config.label ?? (column.dataMapping ? orNA(asText(readMapping(row, column.dataMapping))) : column.title));
      return (
        <ButtonCell
          label={label}
          to={config.to !== undefined ? buildLinkTo(config.to, config.query?.(row)) : undefined}
          onClick={config.onClick ? () => config.onClick?.(row) : undefined}
          variant={config.variant}
          disabled={disabled}
          disabledReason={disabled ? (config.disabledReason?.(row) ?? undefined) : undefined}
          ariaLabel={config.ariaLabel?.(row)}
        />
      );
    }
    case 'switch': {
      const config = column.elementConfig;
      return (
        <SwitchCell
          checked={readMapping(row, column.dataMapping) === true}
          onToggle={(next) => config.onToggle(row, next)}
          label={config.ariaLabel?.(row) ?? column.title}
          disabled={disabled}
        />
      );
    }
    case 'approveDecline': {
      const config = column.elementConfig;
      return (
        <ApproveDeclineCell
          onApprove={() => config.onApprove(row)}
          onDecline={() => config.onDecline(row)}
          approveLabel={config.approveLabel}
          declineLabel={config.declineLabel}
          disabled={disabled}
        />
      );
    }
    case 'editableText': {
      const config = column.elementConfig;
      return (
        <EditableTextCell
          value={asString(readMapping(row, column.dataMapping))}
          onCommit={(value) => config.onEdit(row, value)}
          label={config.ariaLabel?.(row) ?? `Edit ${column.title}`}
          disabled={disabled}
        />
      );
    }
    case 'infoText': {
      const config = column.elementConfig;
      return (
        <InfoTextCell
          value={asStrings(readMapping(row, column.dataMapping))}
          info={typeof config.info === 'function' ? config.info(row) : config.info}
          infoLabel={config.infoLabel}
        />
      );
    }
    case 'multiAction': {
      const config = column.elementConfig;
      return (
        <MultiActionCell
          name={asString(readMapping(row, column.dataMapping))}
          onRemove={() => config.onRemove(row)}
          onAttach={config.onAttach ? () => config.onAttach?.(row) : undefined}
          removeLabel={config.removeLabel}
          attachLabel={config.attachLabel}
          disabled={disabled}
        />
      );
    }
  }
}
