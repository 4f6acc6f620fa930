import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TableHeaderInput, TableHeaderSearch } from './table-header-inputs';

function setup(props: Partial<Parameters<typeof TableHeaderInput>[0]> = {}) {
  const onSubmit = vi.fn();
  render(<TableHeaderInput label="New unit name" buttonLabel="Add Unit" onSubmit={onSubmit} {...props} />);
  return {
    onSubmit,
    input: screen.getByRole<HTMLInputElement>('textbox', { name: 'New unit name' }),
    button: screen.getByRole<HTMLButtonElement>('button', { name: 'Add Unit' }),
  };
}

describe('TableHeaderSearch', () => {
  it('filters as the user types, with the trimmed text', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(<TableHeaderSearch onSearch={onSearch} />);
    expect(screen.queryByRole('button')).toBeNull();
    await user.type(screen.getByPlaceholderText('Search...'), 'ab ');
    expect(onSearch).toHaveBeenLastCalledWith('ab');
  });
});

describe('TableHeaderInput', () => {
  it('disables the button while the text is empty', () => {
    const { button } = setup();
    expect(button.disabled).toBe(true);
  });

  it('disables the button for whitespace-only text and does not submit it on Enter', async () => {
    const user = userEvent.setup();
    const { input, button, onSubmit } = setup();
    await user.type(input, '   ');
    expect(button.disabled).toBe(true);
    await user.type(input, '{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the trimmed text and clears the input afterwards', async () => {
    const user = userEvent.setup();
    const { input, button, onSubmit } = setup();
    await user.type(input, '  Organic Chemistry  ');
    expect(button.disabled).toBe(false);
    await user.click(button);
    expect(onSubmit).toHaveBeenCalledWith('Organic Chemistry');
    expect(input.value).toBe('');
    expect(button.disabled).toBe(true);
  });

  it('submits on Enter too', async () => {
    const user = userEvent.setup();
    const { input, onSubmit } = setup();
    await user.type(input, 'Kinetics{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('Kinetics');
    expect(input.value).toBe('');
  });

  it('cuts the text at 200 characters, typed or pasted', async () => {
    const user = userEvent.setup();
    const { input } = setup();
    expect(input.maxLength).toBe(200);
    fireEvent.change(input, { target: { value: 'x'.repeat(250) } });
    expect(input.value).toHaveLength(200);
    await user.clear(input);
    await user.type(input, 'y'.repeat(205));
    expect(input.value).toBe('y'.repeat(200));
  });

  it('keeps the text while an async save runs and after it fails; clears it when a save succeeds', async () => {
    const user = userEvent.setup();
    let settle: { resolve: () => void; reject: () => void } | undefined;
    const onSubmit = vi.fn(
      () =>
        new Promise<void>((resolve, reject) => {
          settle = { resolve, reject: () => reject(new Error('409')) };
        }),
    );
    const { input, button } = setup({ onSubmit });
    await user.type(input, 'Kinetics{Enter}');
    expect(input.value).toBe('Kinetics');
    expect(button.disabled).toBe(true);
    await act(async () => settle?.reject());
    expect(input.value).toBe('Kinetics');
    expect(button.disabled).toBe(false);
    await user.click(button);
    await act(async () => settle?.resolve());
    expect(input.value).toBe('');
  });

  it('with validation off, the button works on blank text', async () => {
    const user = userEvent.setup();
    const { button, onSubmit } = setup({ validate: false });
    expect(button.disabled).toBe(false);
    await user.click(button);
    expect(onSubmit).toHaveBeenCalledWith('');
  });
});
