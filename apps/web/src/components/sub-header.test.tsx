import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SubHeader, type SubHeaderItem } from './sub-header';

const OPTIONS = [
  { value: 'IN_PROGRESS', label: 'In progress' },
  { value: 'FINISHED', label: 'Finished' },
  { value: 'PUBLISHED', label: 'Published' },
];

function WithMultiSelect({ onChange }: { onChange: (v: string[]) => void }) {
  const [value, setValue] = useState<string[]>([]);
  return (
    <SubHeader
      items={[
        {
          kind: 'multi-select',
          label: 'Status',
          options: OPTIONS,
          value,
          onChange: (next) => {
            setValue(next);
            onChange(next);
          },
        },
      ]}
    />
  );
}

describe('SubHeader', () => {
  it('renders search, input, buttons and a spacer from the item configs, in order', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    const onClick = vi.fn();
    const items: SubHeaderItem[] = [
      { kind: 'search', onSearch },
      { kind: 'spacer' },
      { kind: 'button', label: 'Create Subject', onClick },
    ];
    render(<SubHeader items={items} />);
    await user.type(screen.getByPlaceholderText('Search...'), 'bio{Enter}');
    expect(onSearch).toHaveBeenCalledWith('bio');
    await user.click(screen.getByRole('button', { name: 'Create Subject' }));
    expect(onClick).toHaveBeenCalled();
  });

  it('with validation on, enables the input button only for non-blank trimmed text', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <SubHeader
        items={[{ kind: 'input', label: 'Topic name', buttonLabel: 'Add Topic', validate: true, onSubmit }]}
      />,
    );
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Add Topic' });
    expect(button.disabled).toBe(true);
    await user.type(screen.getByRole('textbox', { name: 'Topic name' }), '   ');
    expect(button.disabled).toBe(true);
    await user.type(screen.getByRole('textbox', { name: 'Topic name' }), ' Acids ');
    expect(button.disabled).toBe(false);
    await user.click(button);
    expect(onSubmit).toHaveBeenCalledWith('Acids');
  });

  it('with validation off, leaves the input button enabled', () => {
    render(<SubHeader items={[{ kind: 'input', label: 'Note', buttonLabel: 'Send', onSubmit: () => undefined }]} />);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send' }).disabled).toBe(false);
  });

  it('has a multi-select dropdown with a checkbox per option', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<WithMultiSelect onChange={onChange} />);
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('checkbox')).toHaveLength(3);
    await user.click(within(listbox).getByRole('option', { name: 'Published' }));
    await user.click(within(listbox).getByRole('option', { name: 'In progress' }));
    expect(onChange).toHaveBeenLastCalledWith(['IN_PROGRESS', 'PUBLISHED']);
    const checked = within(listbox)
      .getAllByRole<HTMLInputElement>('checkbox')
      .map((box) => box.checked);
    expect(checked).toEqual([true, false, true]);
    await user.click(within(listbox).getByRole('option', { name: 'Published' }));
    expect(onChange).toHaveBeenLastCalledWith(['IN_PROGRESS']);
  });
});
