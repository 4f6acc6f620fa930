import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter, useSearchParams } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { EDITABLE_TEXT_MAX } from '@lectern/contract';
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
import { renderTable } from './test-utils';
import type { TableConfig } from './types';

describe('formatting cells', () => {
  it("shows amounts as 'Rs.' with Indian grouping and 'NA' when absent", () => {
    const { rerender } = render(<AmountCell value={1234567} />);
    expect(screen.getByText('Rs. 12,34,567')).toBeDefined();
    rerender(<AmountCell value={null} />);
    expect(screen.getByText('NA')).toBeDefined();
  });

  it("falls back to 'NA' for absent and blank text", () => {
    const { rerender } = render(<TextCell value={null} />);
    expect(screen.getByText('NA')).toBeDefined();
    rerender(<TextCell value="   " />);
    expect(screen.getByText('NA')).toBeDefined();
    rerender(<TextCell value={0} />);
    expect(screen.getByText('0')).toBeDefined();
  });

  it('shortens labels over 50 characters to 47 plus an ellipsis, keeping the full text for tooltip and screen readers', async () => {
    const long = 'Organic Chemistry for Engineering Entrance Examinations 2026';
    const user = userEvent.setup();
    render(<TextCell value={long} />);
    const shown = screen.getByText(`${long.slice(0, 47)}\u2026`);
    expect(shown.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByText(long)).toBeDefined();
    await user.hover(shown);
    expect((await screen.findByRole('tooltip')).textContent).toBe(long);
  });

  it('shows dates as DD-MM-YYYY and durations as H:MM:SS', () => {
    render(
      <>
        <DateCell value="2026-03-05" />
        <DateCell value="not a date" />
        <DurationCell value={3725} />
      </>,
    );
    expect(screen.getByText('05-03-2026')).toBeDefined();
    expect(screen.getByText('NA')).toBeDefined();
    expect(screen.getByText('1:02:05')).toBeDefined();
  });

  it('shows an array of strings as chips, and NA for none', () => {
    const { container, rerender } = render(
      <ChipsCell value={['CONTENT_ADMIN', 'FINANCE', 'INSTRUCTOR']} getLabel={(r) => r.toLowerCase()} max={2} />,
    );
    const chips = container.querySelectorAll('.MuiChip-root');
    expect(Array.from(chips, (chip) => chip.textContent)).toEqual(['content_admin', 'finance', '+1']);
    rerender(<ChipsCell value={[]} />);
    expect(screen.getByText('NA')).toBeDefined();
  });
});

describe('progress cell', () => {
  it('shows a percent as a bar with the rounded number beside it, clamped to 0-100, and NA when absent', () => {
    const { rerender } = render(<ProgressCell value={42.4} label="Completion of intro.mp4" />);
    const bar = screen.getByRole('progressbar', { name: 'Completion of intro.mp4' });
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    expect(screen.getByText('42%')).toBeDefined();
    rerender(<ProgressCell value={130} />);
    expect(screen.getByText('100%')).toBeDefined();
    rerender(<ProgressCell value={null} />);
    expect(screen.getByText('NA')).toBeDefined();
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
    expect(screen.getByText('Not Listed')).toBeDefined();
  });

  it('give an unknown status a neutral style without crashing, and NA for none', () => {
    render(
      <>
        <StatusSpanCell status="ON_HOLD" />
        <StatusLabelCell status="weird status!" />
        <TagCell status={null} />
      </>,
    );
    expect(screen.getByText('On hold')).toBeDefined();
    expect(screen.getByText('Weird status!')).toBeDefined();
    expect(screen.getByText('NA')).toBeDefined();
  });

  it('take label overrides, e.g. COMPLETE shown as Transcoded', () => {
    render(
      <StatusLabelCell status="COMPLETE" labels={{ COMPLETE: 'Transcoded', progressing: 'Transcoding in progress' }} />,
    );
    expect(screen.getByText('Transcoded')).toBeDefined();
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
    const { rerender } = render(<MultiActionCell name="intro-to-thermodynamics-lecture-01.mp4" onRemove={onRemove} />);
    expect(screen.getByText('intro-to-thermodynamics-lec...')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Remove video intro-to-thermodynamics-lecture-01.mp4' }));
    expect(onRemove).toHaveBeenCalledOnce();

    rerender(<MultiActionCell name={null} onRemove={onRemove} />);
    expect(screen.getByText('—')).toBeDefined();
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
    expect(screen.getByText('New text')).toBeDefined();
  });

  it('ignores a blank value on blur', async () => {
    const { onCommit, user } = setup();
    await user.dblClick(screen.getByText('Original text'));
    await user.clear(screen.getByRole('textbox', { name: 'Edit description' }));
    await user.type(screen.getByRole('textbox', { name: 'Edit description' }), '   ');
    fireEvent.blur(screen.getByRole('textbox', { name: 'Edit description' }));
    expect(onCommit).not.toHaveBeenCalled();
    expect(screen.getByText('Original text')).toBeDefined();
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
    expect(screen.getByRole('textbox', { name: 'Edit description' })).toBeDefined();
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
    const { user } = renderTable({ config, rows });
    const [first, second] = screen.getAllByRole('row').slice(1);
    if (!first || !second) throw new Error('rows missing');

    expect(within(first).getByText('In Progress')).toBeDefined();
    expect(within(second).getByText('Something new')).toBeDefined();
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
    expect(await screen.findByText('details of s 7')).toBeDefined();
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
