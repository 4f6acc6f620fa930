import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reorderRows } from './table-logic';
import { people, personConfig, renderTable, type Person } from './test-utils';
import type { ReorderEvent } from './types';

describe('reorderRows', () => {
  const rows = people(5);
  const id = (row: Person) => row.id;

  it('moves a row down and reports the new order with from/to indices', () => {
    const result = reorderRows(rows, id, 'p-2', 'p-4');
    expect(result?.ids).toEqual(['p-1', 'p-3', 'p-4', 'p-2', 'p-5']);
    expect(result).toMatchObject({ from: 1, to: 3, id: 'p-2' });
    expect(result?.rows.map(id)).toEqual(result?.ids);
  });

  it('moves a row up', () => {
    expect(reorderRows(rows, id, 'p-5', 'p-1')?.ids).toEqual(['p-5', 'p-1', 'p-2', 'p-3', 'p-4']);
  });

  it('gives null when nothing moves or an id is unknown, and never changes the input', () => {
    expect(reorderRows(rows, id, 'p-2', 'p-2')).toBeNull();
    expect(reorderRows(rows, id, 'p-2', 'nope')).toBeNull();
    expect(rows.map(id)).toEqual(['p-1', 'p-2', 'p-3', 'p-4', 'p-5']);
  });

  it('matches numeric ids given as strings (dnd-kit ids are strings)', () => {
    const numbered = [{ n: 1 }, { n: 2 }, { n: 3 }];
    expect(reorderRows(numbered, (row) => row.n, '1', '3')?.ids).toEqual([2, 3, 1]);
  });
});

// happy-dom does no layout, and dnd-kit's keyboard sensor moves by the measured rectangles of the rows:
// lay the rows out 50px apart, as a browser would, so the real sensor can be driven from the keyboard.
function stubRowLayout() {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const row = this.closest('tbody tr');
    const index = row?.parentElement ? Array.from(row.parentElement.children).indexOf(row) : -1;
    const top = index < 0 ? 0 : 60 + index * 50;
    const height = index < 0 ? 0 : 50;
    return DOMRect.fromRect({ x: 0, y: top, width: 800, height });
  });
}

describe('DataTable: drag-and-drop reordering', () => {
  beforeEach(stubRowLayout);
  afterEach(() => vi.restoreAllMocks());

  it('gives every row a drag handle named for screen readers and keyboard users', () => {
    renderTable({ config: personConfig({ dragAndDrop: { enabled: true } }), rows: people(3) });
    const handles = screen.getAllByRole('button', { name: 'Drag to reorder' });
    expect(handles).toHaveLength(3);
    expect(handles[0]?.getAttribute('aria-roledescription')).toBe('sortable');
    expect(handles[0]?.tabIndex).toBe(0);
  });

  it('reorders from the keyboard: focus the handle, Space, ArrowDown, Space', async () => {
    const onReorder = vi.fn<(event: ReorderEvent<Person>) => void>();
    const { user } = renderTable({
      config: personConfig({ dragAndDrop: { enabled: true } }),
      rows: people(4),
      onReorder,
    });
    const handle = screen.getAllByRole('button', { name: 'Drag to reorder' })[0]!;
    // reach the handle with Tab, as a keyboard user does
    for (let press = 0; press < 10 && document.activeElement !== handle; press++) await user.tab();
    expect(document.activeElement).toBe(handle);
    await user.keyboard('[Space]');
    await user.keyboard('[ArrowDown]');
    await user.keyboard('[ArrowDown]');
    await user.keyboard('[Space]');

    expect(onReorder).toHaveBeenCalledOnce();
    expect(onReorder.mock.calls[0]?.[0]).toMatchObject({
      ids: ['p-2', 'p-3', 'p-1', 'p-4'],
      from: 0,
      to: 2,
      id: 'p-1',
    });
  });

  it('cancels a keyboard move with Escape', async () => {
    const onReorder = vi.fn();
    const { user } = renderTable({
      config: personConfig({ dragAndDrop: { enabled: true } }),
      rows: people(4),
      onReorder,
    });
    act(() => screen.getAllByRole('button', { name: 'Drag to reorder' })[1]!.focus());
    await user.keyboard('[Space]');
    await user.keyboard('[ArrowDown]');
    await user.keyboard('[Escape]');
    expect(onReorder).not.toHaveBeenCalled();
  });

  it('puts the handle where a dragIcon column is, instead of adding one', () => {
    renderTable({
      config: personConfig({
        dragAndDrop: { enabled: true },
        columns: [
          { id: 'name', title: 'Name', dataMapping: 'name' },
          { id: 'drag', title: 'Order', elementType: 'dragIcon', hideTitle: true },
        ],
      }),
      rows: people(2),
    });
    const handles = screen.getAllByRole('button', { name: 'Drag to reorder' });
    expect(handles).toHaveLength(2);
    expect(handles[0]?.closest('td')?.cellIndex).toBe(1);
  });

  it('disables the handles while a search or sort changes the order shown', async () => {
    const onReorder = vi.fn();
    const { user } = renderTable(
      { config: personConfig({ dragAndDrop: { enabled: true } }), rows: people(4), onReorder },
      '/list?sort=name',
    );
    const handle = screen.getAllByRole('button', { name: 'Drag to reorder' })[0]!;
    expect(handle.getAttribute('aria-disabled')).toBe('true');
    act(() => handle.focus());
    // the keys that reorder an enabled handle by the time they are pressed (the test above)
    await user.keyboard('[Space]');
    await user.keyboard('[ArrowDown]');
    await user.keyboard('[Space]');
    expect(onReorder).not.toHaveBeenCalled();
  });
});
