import type { ColumnConfig } from '../../../components/data-table';
import { quietly } from '../hooks/use-tree-actions';

/**
 * The 'Active' and 'Free trial' switch columns every tree level shows (units, topics, subtopics):
 * `name` labels the switches for screen readers, `update` saves one flag of one row.
 */
export function flagColumns<Row extends { active: boolean; trial: boolean }>(
  name: (row: Row) => string,
  update: (row: Row, change: { active?: boolean; trial?: boolean }) => Promise<unknown>,
  disabled: boolean,
): ColumnConfig<Row>[] {
  return [
    {
      id: 'active',
      title: 'Active',
      elementType: 'switch',
      dataMapping: (row) => row.active,
      disabled,
      elementConfig: {
        onToggle: (row, active) => quietly(update(row, { active })),
        ariaLabel: (row) => `Active: ${name(row)}`,
      },
    },
    {
      id: 'trial',
      title: 'Free trial',
      elementType: 'switch',
      dataMapping: (row) => row.trial,
      disabled,
      elementConfig: {
        onToggle: (row, trial) => quietly(update(row, { trial })),
        ariaLabel: (row) => `Free trial: ${name(row)}`,
      },
    },
  ];
}
