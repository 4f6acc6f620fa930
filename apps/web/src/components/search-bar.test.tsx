import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SearchBar } from './search-bar';

describe('SearchBar', () => {
  it("reads 'Search...' with a 'Search' button by default and searches the trimmed text", async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(<SearchBar onSearch={onSearch} />);
    const input = screen.getByPlaceholderText('Search...');
    await user.type(input, '  algebra ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledWith('algebra');
  });

  it('searches on Enter and can hide its button', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(<SearchBar onSearch={onSearch} hideButton />);
    expect(screen.queryByRole('button', { name: 'Search' })).toBeNull();
    await user.type(screen.getByRole('searchbox', { name: 'Search...' }), 'unit 3{Enter}');
    expect(onSearch).toHaveBeenCalledWith('unit 3');
  });

  it('takes its placeholder and button text from the caller', () => {
    render(<SearchBar onSearch={() => undefined} placeholder="Find a student" buttonText="Find" />);
    const bar = screen.getByRole('search');
    expect(within(bar).getByRole<HTMLInputElement>('searchbox').placeholder).toBe('Find a student');
    expect(
      within(bar)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Find']);
  });

  describe('with a value kept by the caller (the URL)', () => {
    it('keeps every typed character when the value arrives keystrokes late', async () => {
      const user = userEvent.setup();
      const onChange = vi.fn();
      // the caller's value has caught up with only the first letter while the user typed on
      const { rerender } = render(<SearchBar onSearch={() => undefined} onChange={onChange} value="" />);
      const input = screen.getByRole<HTMLInputElement>('searchbox');
      await user.type(input, 'Open');
      rerender(<SearchBar onSearch={() => undefined} onChange={onChange} value="O" />);
      expect(input.value).toBe('Open');
      rerender(<SearchBar onSearch={() => undefined} onChange={onChange} value="Open" />);
      expect(input.value).toBe('Open');
      expect(onChange).toHaveBeenLastCalledWith('Open');
    });

    it('keeps every typed character when an older value lands after a newer one', async () => {
      const user = userEvent.setup();
      const { rerender } = render(<SearchBar onSearch={() => undefined} onChange={() => undefined} value="" />);
      const input = screen.getByRole<HTMLInputElement>('searchbox');
      await user.type(input, 'Acoustics 17');
      // under load the writes render out of order: 'Acoustics', then the older 'Acous'
      rerender(<SearchBar onSearch={() => undefined} onChange={() => undefined} value="Acoustics" />);
      rerender(<SearchBar onSearch={() => undefined} onChange={() => undefined} value="Acous" />);
      expect(input.value).toBe('Acoustics 17');
      rerender(<SearchBar onSearch={() => undefined} onChange={() => undefined} value="Acoustics 17" />);
      expect(input.value).toBe('Acoustics 17');
    });

    it('shows a value changed elsewhere (Back, Clear filters)', async () => {
      const user = userEvent.setup();
      const { rerender } = render(<SearchBar onSearch={() => undefined} onChange={() => undefined} value="" />);
      const input = screen.getByRole<HTMLInputElement>('searchbox');
      await user.type(input, 'alg');
      rerender(<SearchBar onSearch={() => undefined} onChange={() => undefined} value="alg" />);
      rerender(<SearchBar onSearch={() => undefined} onChange={() => undefined} value="" />);
      expect(input.value).toBe('');
      rerender(<SearchBar onSearch={() => undefined} onChange={() => undefined} value="physics" />);
      expect(input.value).toBe('physics');
    });
  });

  describe('number mode', () => {
    it('accepts digits', async () => {
      const user = userEvent.setup();
      const onChange = vi.fn();
      render(<SearchBar onSearch={() => undefined} onChange={onChange} numberMode label="Mobile number" />);
      const input = screen.getByRole('textbox', { name: 'Mobile number' });
      await user.type(input, '98765');
      expect((input as HTMLInputElement).value).toBe('98765');
      expect(onChange).toHaveBeenLastCalledWith('98765');
    });

    it('never holds more than 10 digits', async () => {
      const user = userEvent.setup();
      render(<SearchBar onSearch={() => undefined} numberMode label="Mobile number" />);
      const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Mobile number' });
      await user.type(input, '987654321012');
      expect(input.value).toBe('9876543210');
      // input that bypasses the length limit (a script, an old browser) is cleared by the rule itself
      fireEvent.change(input, { target: { value: '98765432101' } });
      expect(input.value).toBe('');
    });

    it('clears the field when a letter is typed', async () => {
      const user = userEvent.setup();
      const onChange = vi.fn();
      render(<SearchBar onSearch={() => undefined} onChange={onChange} numberMode label="Mobile number" />);
      const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Mobile number' });
      await user.type(input, '9876a');
      expect(input.value).toBe('');
      expect(onChange).toHaveBeenLastCalledWith('');
      await user.type(input, '12-');
      expect(input.value).toBe('');
    });

    it('clears the field when a pasted value has anything but digits', async () => {
      const user = userEvent.setup();
      render(<SearchBar onSearch={() => undefined} numberMode label="Mobile number" />);
      const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Mobile number' });
      await user.type(input, '12');
      await user.click(input);
      await user.paste('34 56');
      expect(input.value).toBe('');
    });
  });
});
