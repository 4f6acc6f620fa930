import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter, useSearchParams } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { EDITABLE_TEXT_MAX, paise } from '@lectern/contract';
import { ApproveDeclineCell } from './cells/approve-decline-cell';
import { ChipsCell } from './cells/chips-cell';
import { EditableTextCell } from './cells/editable-text-cell';
import { AmountCell, DateCell, DurationCell } from './cells/format-cells';
import { InfoTextCell } from './cells/info-text-cell';
import { MultiActionCell } from './cells/multi-action-cell';
import { ProgressCell } from './cells/progress-cell';
import { StatusLabelCell, StatusSpanCell, TagCell } from './cells/status-cells';
import { TextCell } from './cells/text-cell';
import { DataTable } from './data-table';
import { STATUS_STYLES } from './status-styles';
import { columnTexts, renderTable } from './test-utils';
import type { TableConfig } from './types';

describe('formatting cells', () => {
  it("shows amounts as 'Rs.' with Indian grouping and 'NA' when absent", () => {
    const { container, rerender } = render(<AmountCell value={paise(123_456_700)} />);
    expect(container.textContent).toBe('Rs. 12,34,567');
    rerender(<AmountCell value={paise(149_950)} />);
    expect(container.textContent).toBe('Rs. 1,499.50');
    rerender(<AmountCell value={null} />);
    expect(container.textContent).toBe('NA');
  });

  it("falls back to 'NA' for absent and blank text", () => {
    const { container, rerender } = render(<TextCell value={null} />);
    expect(container.textContent).toBe('NA');
    rerender(<TextCell value="   " />);
    expect(container.textContent).toBe('NA');
    rerender(<TextCell value={0} />);
    expect(container.textContent).toBe('0');
  });

  it('shortens labels over 50 characters to 47 plus an ellipsis, keeping the full text for tooltip and screen readers', async () => {
    const long = 'Organic Chemistry for Engineering Entrance Examinations 2026';
    const user = userEvent.setup();
    render(<TextCell value={long} />);
    const shown = screen.getByText(`${long.slice(0, 47)}\u2026`);
    expect(shown.getAttribute('aria-hidden')).toBe('true');
    // the full text is clipped out of sight but not hidden from screen readers
    const full = screen.getByText(long);
    expect(full.closest('[aria-hidden="true"]')).toBeNull();
    expect(getComputedStyle(full).position).toBe('absolute');
    expect(getComputedStyle(full).overflow).toBe('hidden');
    await user.hover(shown);
    expect((await screen.findByRole('tooltip')).textContent).toBe(long);
  });

  it('shows dates as DD-MM-YYYY (the India day of an instant) and durations as H:MM:SS', () => {
    const { container } = render(
      <>
        <p>
          <DateCell value="2026-03-05" />
        </p>
        <p>
          <DateCell value="not a date" />
        </p>
        <p>
          {/* 20:43 UTC on the 27th: the 28th in India, whatever the browser's zone */}
          <DateCell value="2026-11-27T20:43:00.000Z" />
        </p>
        <p>
          <DurationCell value={3725} />
        </p>
      </>,
    );
    expect(Array.from(container.querySelectorAll('p'), (cell) => cell.textContent)).toEqual([
      '05-03-2026',
      'NA',
      '28-11-2026',
      '1:02:05',
    ]);
  });

  it('shows an array of strings as chips, and NA for none', () => {
    const { container, rerender } = render(
      <ChipsCell value={['CONTENT_ADMIN', 'FINANCE', 'INSTRUCTOR']} getLabel={(r) => r.toLowerCase()} max={2} />,
    );
    const chips = container.querySelectorAll('.MuiChip-root');
    expect(Array.from(chips, (chip) => chip.textContent)).toEqual(['content_admin', 'finance', '+1']);
    rerender(<ChipsCell value={[]} />);
    expect(container.textContent).toBe('NA');
    expect(container.querySelector('.MuiChip-root')).toBeNull();
  });
});

describe('progress cell', () => {
  it('shows a percent as a bar with the rounded number beside it, clamped to 0-100, and NA when absent', () => {
    const { container, rerender } = render(<ProgressCell value={42.4} label="Completion of intro.mp4" />);
    const bar = screen.getByRole('progressbar', { name: 'Completion of intro.mp4' });
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    expect(container.textContent).toBe('42%');
    rerender(<ProgressCell value={130} />);
    expect(screen.getByRole('progressbar', { name: 'Completion' }).getAttribute('aria-valuenow')).toBe('100');
    expect(container.textContent).toBe('100%');
    rerender(<ProgressCell value={null} />);
    expect(container.textContent).toBe('NA');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});

describe('status cells', () => {
  it('style known statuses from STATUS_STYLES, whatever their case or separators', () => {
    render(
      <>
        <StatusSpanCell status="READY_TO_BE_PUBLISHED" />
        <StatusLabelCell status="featured on homepage" />
        <TagCell status="Not-Listed" />
      </>,
    );
    const span = screen.getByText('Ready to be Published');
    expect(colourOf(getComputedStyle(span).color)).toBe(STATUS_STYLES['ready to be published']!.colour.toLowerCase());
    const label = screen.getByText('Featured on Homepage');
    expect(colourOf(getComputedStyle(label).backgroundColor)).toBe(
      STATUS_STYLES['featured on homepage']!.background.toLowerCase(),
    );
    const tag = screen.getByText('Not Listed').closest<HTMLElement>('.MuiChip-root');
    expect(tag?.dataset.status).toBe('Not-Listed');
    expect(colourOf(getComputedStyle(tag ?? document.body).color)).toBe(
      STATUS_STYLES['not listed']!.colour.toLowerCase(),
    );
  });

  it('give an unknown status a neutral style without crashing, and NA for none', () => {
    const { container } = render(
      <>
        <p>
          <StatusSpanCell status="ON_HOLD" />
        </p>
        <p>
          <StatusLabelCell status="weird status!" />
        </p>
        <p>
          <TagCell status={null} />
        </p>
      </>,
    );
    expect(Array.from(container.querySelectorAll('p'), (cell) => cell.textContent)).toEqual([
      'On hold',
      'Weird status!',
      'NA',
    ]);
    // the neutral grey
    expect(colourOf(getComputedStyle(screen.getByText('On hold')).color)).toBe('#374151');
    expect(colourOf(getComputedStyle(screen.getByText('Weird status!')).color)).toBe('#374151');
  });

  it('take label overrides, e.g. COMPLETE shown as Transcoded', () => {
    const { container } = render(
      <StatusLabelCell status="COMPLETE" labels={{ COMPLETE: 'Transcoded', progressing: 'Transcoding in progress' }} />,
    );
    expect(container.textContent).toBe('Transcoded');
  });
});

describe('action cells', () => {
  it('approve and decline call their callbacks', async () => {
    const onApprove = vi.fn();
    const onDecline = vi.fn();
    const user = userEvent.setup();
    render(<ApproveDeclineCell onApprove={onApprove} onDecline={onDecline} />);
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(onApprove).toHaveBeenCalledOnce();
    expect(onDecline).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(onDecline).toHaveBeenCalledOnce();
  });

  it("multi-action shows the video name with a remove control, and '—' or 'Attach' without one", async () => {
    const onRemove = vi.fn();
    const onAttach = vi.fn();
    const user = userEvent.setup();
    const { container, rerender } = render(
      <MultiActionCell name="intro-to-thermodynamics-lecture-01.mp4" onRemove={onRemove} />,
    );
    // the shortened name is what shows; screen readers get the full one
    expect(screen.getByText('intro-to-thermodynamics-lec...').getAttribute('aria-hidden')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Remove video intro-to-thermodynamics-lecture-01.mp4' }));
    expect(onRemove).toHaveBeenCalledOnce();

    rerender(<MultiActionCell name={null} onRemove={onRemove} />);
    // a dash to see, words to hear
    expect(screen.getByText('—').getAttribute('aria-hidden')).toBe('true');
    expect(container.textContent).toBe('—No video attached');
    expect(screen.queryByRole('button')).toBeNull();

    rerender(<MultiActionCell name="" onRemove={onRemove} onAttach={onAttach} />);
    await user.click(screen.getByRole('button', { name: 'Attach' }));
    expect(onAttach).toHaveBeenCalledOnce();
  });

  it('multi-line info text shows each line and the info tooltip', async () => {
    const user = userEvent.setup();
    const { container } = render(<InfoTextCell value={['Line one', 'Line two']} info="Why this matters" />);
    expect(container.textContent).toContain('Line one\nLine two');
    await user.hover(screen.getByRole('button', { name: 'More information' }));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Why this matters');
  });
});

describe('editable text cell', () => {
  /** The text the cell shows while not editing. */
  function shownText() {
    return screen.getByTitle('Double-click to edit').firstElementChild?.textContent;
  }

  function setup(value: string | null = 'Original text') {
    const onCommit = vi.fn();
    const user = userEvent.setup();
    const view = render(<EditableTextCell value={value} onCommit={onCommit} label="Edit description" />);
    return { ...view, onCommit, user };
  }

  it('opens on double-click and reports a changed value trimmed', async () => {
    const { onCommit, user } = setup();
    expect(screen.queryByRole('textbox')).toBeNull();
    await user.dblClick(screen.getByText('Original text'));
    const box = screen.getByRole('textbox', { name: 'Edit description' });
    await user.clear(box);
    await user.type(box, '  New text  ');
    await user.tab();
    expect(onCommit).toHaveBeenCalledWith('New text');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(shownText()).toBe('New text');
  });

  it('ignores a blank value on blur', async () => {
    const { onCommit, user } = setup();
    await user.dblClick(screen.getByText('Original text'));
    await user.clear(screen.getByRole('textbox', { name: 'Edit description' }));
    await user.type(screen.getByRole('textbox', { name: 'Edit description' }), '   ');
    fireEvent.blur(screen.getByRole('textbox', { name: 'Edit description' }));
    expect(onCommit).not.toHaveBeenCalled();
    expect(shownText()).toBe('Original text');
  });

  it('does not report a value that is unchanged once trimmed', async () => {
    const { onCommit, user } = setup();
    await user.dblClick(screen.getByText('Original text'));
    await user.type(screen.getByRole('textbox', { name: 'Edit description' }), '   ');
    await user.tab();
    expect(onCommit).not.toHaveBeenCalled();
  });

  it('cuts the 201st character', async () => {
    const { onCommit, user } = setup('');
    await user.dblClick(screen.getByText('NA'));
    const box = screen.getByRole('textbox', { name: 'Edit description' }) as HTMLTextAreaElement;
    await user.type(box, 'a'.repeat(EDITABLE_TEXT_MAX + 1));
    expect(box.value).toHaveLength(EDITABLE_TEXT_MAX);
    await user.tab();
    expect(onCommit).toHaveBeenCalledWith('a'.repeat(EDITABLE_TEXT_MAX));
  });

  it('commits on Enter, keeps Shift+Enter as a new line, and cancels on Escape', async () => {
    const { onCommit, user } = setup();
    await user.dblClick(screen.getByText('Original text'));
    await user.type(
      screen.getByRole('textbox', { name: 'Edit description' }),
      ' more{Shift>}{Enter}{/Shift}line{Enter}',
    );
    expect(onCommit).toHaveBeenCalledExactlyOnceWith('Original text more\nline');

    onCommit.mockClear();
    await user.dblClick(screen.getByText(/Original text more/));
    await user.type(screen.getByRole('textbox', { name: 'Edit description' }), ' discarded{Escape}');
    expect(onCommit).not.toHaveBeenCalled();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('reopens the editor with the typed text when an async save fails', async () => {
    const user = userEvent.setup();
    const onCommit = vi.fn(() => Promise.reject(new Error('409')));
    render(<EditableTextCell value="Original text" onCommit={onCommit} label="Edit description" />);
    await user.dblClick(screen.getByText('Original text'));
    const box = screen.getByRole('textbox', { name: 'Edit description' });
    await user.clear(box);
    await user.type(box, 'Typed name{Enter}');
    expect(onCommit).toHaveBeenCalledWith('Typed name');
    const reopened = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Edit description' });
    expect(reopened.value).toBe('Typed name');
  });

  it('opens from the keyboard with Enter', async () => {
    const { user } = setup();
    await user.tab();
    await user.keyboard('{Enter}');
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Edit description' });
    expect(document.activeElement).toBe(box);
    expect(box.value).toBe('Original text');
  });
});

interface Subject {
  subjectId: string;
  subjectName: string;
  published: boolean;
  state: string;
  video: string | null;
  notes: string;
}

describe('cells inside the table', () => {
  it('wires each column kind to its row', async () => {
    const onToggle = vi.fn();
    const onApprove = vi.fn();
    const onDecline = vi.fn();
    const onEdit = vi.fn();
    const onRemove = vi.fn();
    const config: TableConfig<Subject> = {
      title: 'Subjects',
      checkboxKeyMap: 'subjectId',
      columns: [
        { id: 'name', title: 'Subject', dataMapping: 'subjectName' },
        { id: 'state', title: 'State', dataMapping: 'state', elementType: 'statusLabel' },
        {
          id: 'open',
          title: 'Open',
          elementType: 'button',
          elementConfig: {
            label: 'Details',
            to: '/subject-management/subject-details',
            query: (row) => ({ subjectId: row.subjectId, tab: undefined }),
          },
        },
        {
          id: 'published',
          title: 'Published',
          dataMapping: 'published',
          elementType: 'switch',
          elementConfig: { onToggle },
        },
        { id: 'review', title: 'Review', elementType: 'approveDecline', elementConfig: { onApprove, onDecline } },
        { id: 'notes', title: 'Notes', dataMapping: 'notes', elementType: 'editableText', elementConfig: { onEdit } },
        {
          id: 'video',
          title: 'Video',
          dataMapping: (row) => row.video,
          elementType: 'multiAction',
          elementConfig: { onRemove },
          disabled: (row) => row.subjectId === 's-2',
        },
      ],
    };
    const rows: Subject[] = [
      { subjectId: 's-1', subjectName: 'Physics', published: false, state: 'IN_PROGRESS', video: 'a.mp4', notes: 'n1' },
      {
        subjectId: 's-2',
        subjectName: 'Biology',
        published: true,
        state: 'SOMETHING_NEW',
        video: 'b.mp4',
        notes: 'n2',
      },
    ];
    const { container, user } = renderTable({ config, rows });
    const [first, second] = screen.getAllByRole('row').slice(1);
    if (!first || !second) throw new Error('rows missing');

    expect(columnTexts(container, 1)).toEqual(['In Progress', 'Something new']);
    expect(within(first).getByRole('link', { name: 'Details' }).getAttribute('href')).toBe(
      '/subject-management/subject-details?subjectId=s-1',
    );

    await user.click(within(second).getByRole('switch', { name: 'Published' }));
    expect(onToggle).toHaveBeenCalledWith(rows[1], false);

    await user.click(within(first).getByRole('button', { name: 'Approve' }));
    expect(onApprove).toHaveBeenCalledWith(rows[0]);
    await user.click(within(second).getByRole('button', { name: 'Decline' }));
    expect(onDecline).toHaveBeenCalledWith(rows[1]);

    await user.dblClick(within(first).getByText('n1'));
    await user.type(within(first).getByRole('textbox', { name: 'Edit Notes' }), ' updated{Enter}');
    expect(onEdit).toHaveBeenCalledWith(rows[0], 'n1 updated');

    await user.click(within(first).getByRole('button', { name: 'Remove video a.mp4' }));
    expect(onRemove).toHaveBeenCalledWith(rows[0]);
    expect((within(second).getByRole('button', { name: 'Remove video b.mp4' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('follows a button link with the query built from the row', async () => {
    const user = userEvent.setup();
    const config: TableConfig<Subject> = {
      checkboxKeyMap: 'subjectId',
      columns: [
        {
          id: 'open',
          title: 'Open',
          dataMapping: 'subjectName',
          elementType: 'button',
          elementConfig: { to: '/details', query: (row) => ({ subjectId: row.subjectId }) },
        },
      ],
    };
    const rows: Subject[] = [
      { subjectId: 's 7', subjectName: 'Chemistry', published: true, state: 'PUBLISHED', video: null, notes: '' },
    ];
    const router = createMemoryRouter(
      [
        { path: '/list', element: <DataTable config={config} rows={rows} /> },
        { path: '/details', element: <DetailsProbe /> },
      ],
      { initialEntries: ['/list'] },
    );
    render(<RouterProvider router={router} />);
    await user.click(screen.getByRole('link', { name: 'Chemistry' }));
    expect((await screen.findByText(/^details of/)).textContent).toBe('details of s 7');
    expect(router.state.location.search).toBe('?subjectId=s+7');
  });
});

function DetailsProbe() {
  const [params] = useSearchParams();
  return <p>details of {params.get('subjectId')}</p>;
}

/** happy-dom reports colours as written; browsers as rgb(): compare as lower-case hex. */
function colourOf(value: string): string {
  const rgb = /^rgb\((\d+), (\d+), (\d+)\)$/.exec(value);
  if (!rgb) return value.toLowerCase();
  return `#${rgb
    .slice(1)
    .map((part) => Number(part).toString(16).padStart(2, '0'))
    .join('')}`;
}
