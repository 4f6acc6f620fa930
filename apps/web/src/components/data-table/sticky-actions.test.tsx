import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { trailingActionColumns } from './sticky-actions';
import { people, personColumns, personConfig, renderTable, type Person } from './test-utils';
import type { ColumnConfig } from './types';

const edit: ColumnConfig<Person> = {
  id: 'edit',
  title: 'Edit',
  hideTitle: true,
  elementType: 'button',
  elementConfig: { label: 'Edit', ariaLabel: (row) => `Edit ${row.name}` },
};
const remove: ColumnConfig<Person> = {
  id: 'remove',
  title: 'Delete',
  hideTitle: true,
  elementType: 'button',
  elementConfig: { label: 'Delete', ariaLabel: (row) => `Delete ${row.name}` },
};
const open: ColumnConfig<Person> = {
  id: 'open',
  title: 'Name',
  elementType: 'button',
  dataMapping: 'name',
  elementConfig: {},
};

describe('row actions stay in sight', () => {
  it('the trailing button columns are the row actions; a leading link column is not', () => {
    expect(trailingActionColumns([open, ...personColumns, edit, remove])).toBe(2);
    expect(trailingActionColumns([open, ...personColumns])).toBe(0);
    expect(trailingActionColumns([...personColumns, edit, ...personColumns])).toBe(0);
    // a table of buttons only has no other columns to float over
    expect(trailingActionColumns([edit, remove])).toBe(0);
  });

  it("the action columns' cells stick to the right edge of the table's scroll box, each after the ones to its right", () => {
    // (where each sits is measured in the browser: the layout journey checks them in sight)
    renderTable({ config: personConfig({ columns: [open, ...personColumns, edit, remove] }), rows: people(3) });
    const stuck = (element: HTMLElement) => {
      const cell = element.closest('td, th') as HTMLElement;
      const style = getComputedStyle(cell);
      return { position: style.position, place: cell.dataset.stickyAction };
    };
    expect(stuck(screen.getByRole('button', { name: 'Delete Person 001' }))).toEqual({
      position: 'sticky',
      place: '0',
    });
    expect(stuck(screen.getByRole('button', { name: 'Edit Person 001' }))).toEqual({
      position: 'sticky',
      place: '1',
    });
    expect(stuck(screen.getByRole('columnheader', { name: 'Delete' })).position).toBe('sticky');
    expect(getComputedStyle(screen.getByRole('button', { name: 'Person 001' }).closest('td')!).position).not.toBe(
      'sticky',
    );
  });
});
