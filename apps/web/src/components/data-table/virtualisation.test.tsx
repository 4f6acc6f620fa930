import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyRows, countLines, people, personConfig, renderTable } from './test-utils';

// happy-dom does no layout: give the table's scroll area the 560px height a browser would.
function isScroller(element: Element) {
  return element instanceof HTMLElement && element.dataset.testid === 'data-table-scroll';
}

describe('DataTable: virtualised body', () => {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return isScroller(this) ? 560 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return isScroller(this) ? 1000 : 0;
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('renders far fewer than 10,000 rows for 10,000 records without pagination, with spacer rows', () => {
    const { container } = renderTable({
      config: personConfig({ pagination: { usePagination: false } }),
      rows: people(10_000),
    });
    expect(countLines()).toEqual(['10,000 records found · page 1 of 1']);
    const rendered = container.querySelectorAll('tbody tr').length;
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(100);
    expect(bodyRows(container)[0]?.cells[0]?.textContent).toBe('Person 001');
    expect(screen.queryByText('Person 9999')).toBeNull();
    // the rest of the list is a spacer row, so the scroll height stays right and columns stay aligned
    const spacer = container.querySelector<HTMLTableRowElement>('tbody tr[aria-hidden="true"]');
    expect(spacer).not.toBeNull();
    expect(parseInt(spacer?.style.height ?? '0', 10)).toBeGreaterThan(9_000 * 50);
    expect(spacer?.cells[0]?.colSpan).toBe(4);
  });

  it('renders other rows after scrolling', () => {
    const { container } = renderTable({
      config: personConfig({ pagination: { usePagination: false } }),
      rows: people(10_000),
    });
    const scroller = screen.getByTestId('data-table-scroll');
    scroller.scrollTop = 53 * 5000;
    fireEvent.scroll(scroller);
    const names = bodyRows(container).map((row) => row.cells[0]?.textContent);
    expect(names).toContain('Person 5001');
    expect(names).not.toContain('Person 001');
    expect(container.querySelectorAll('tbody tr').length).toBeLessThan(100);
  });

  it('virtualises a large page too (rows per page above the threshold), keeping row positions for screen readers', () => {
    const { container } = renderTable(
      {
        config: personConfig({ pagination: { rowsPerPageOptions: [10, 500] } }),
        rows: people(1200),
      },
      '/list?size=500&page=2',
    );
    expect(countLines()).toEqual(['1,200 records found · page 2 of 3']);
    const rows = bodyRows(container);
    expect(rows.length).toBeLessThan(100);
    expect(rows[0]?.cells[0]?.textContent).toBe('Person 501');
    expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBe('501');
    expect(rows[0]?.getAttribute('aria-rowindex')).toBe('2');
  });

  it('keeps a normal body below the threshold', () => {
    const { container } = renderTable({
      config: personConfig({ pagination: { usePagination: false } }),
      rows: people(100),
    });
    expect(bodyRows(container)).toHaveLength(100);
    expect(container.querySelector('tbody tr[aria-hidden="true"]')).toBeNull();
  });
});
