import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FileDropZone } from './file-drop-zone';

const ACCEPT = { 'image/png': ['.png'], 'image/jpeg': ['.jpg', '.jpeg'] };
const LABEL = 'Drag and drop a file here, or click to choose one';

function image(name: string, bytes = 2048, type = 'image/png') {
  return new File([new Uint8Array(bytes)], name, { type });
}

function setup() {
  const onFileChange = vi.fn();
  render(<FileDropZone accept={ACCEPT} onFileChange={onFileChange} />);
  return {
    onFileChange,
    user: userEvent.setup(),
    zone: screen.getByRole('button', { name: LABEL }),
    input: screen.getByTestId<HTMLInputElement>('file-drop-zone-input'),
  };
}

function drop(zone: HTMLElement, files: File[]) {
  fireEvent.drop(zone, {
    dataTransfer: {
      files,
      items: files.map((file) => ({ kind: 'file', type: file.type, getAsFile: () => file })),
      types: ['Files'],
    },
  });
}

describe('FileDropZone', () => {
  it("refuses several dropped files with 'Multiple Files not supported!' and accepts none", async () => {
    const { zone, onFileChange } = setup();
    drop(zone, [image('a.png'), image('b.png')]);
    expect((await screen.findByRole('alert')).textContent).toBe('Multiple Files not supported!');
    expect(onFileChange).not.toHaveBeenCalled();
    expect(screen.queryByTestId('chosen-file-name')).toBeNull();
  });

  it('accepts one dropped file and shows its name and size', async () => {
    const { zone, onFileChange } = setup();
    drop(zone, [image('cover.png', 1536)]);
    await waitFor(() => expect(onFileChange).toHaveBeenCalledTimes(1));
    expect((onFileChange.mock.calls[0]?.[0] as File).name).toBe('cover.png');
    expect(screen.getByTestId('chosen-file-name').textContent).toBe('cover.png');
    expect(screen.getByTestId('chosen-file-size').textContent).toBe('1.5 KB');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('passes the caller’s accept filter to the file dialog and refuses other types', async () => {
    const { zone, input, onFileChange } = setup();
    expect(input.accept.split(',').sort()).toEqual(['.jpeg', '.jpg', '.png', 'image/jpeg', 'image/png']);
    expect(input.multiple).toBe(false);
    drop(zone, [image('notes.pdf', 10, 'application/pdf')]);
    expect((await screen.findByRole('alert')).textContent).toMatch(/file type/i);
    expect(onFileChange).not.toHaveBeenCalled();
  });

  it('takes a file from the file dialog and shortens a long name for display only', async () => {
    const { input, user, onFileChange } = setup();
    const name = 'a-very-long-catalogue-cover-image-name.png';
    await user.upload(input, image(name, 3 * 1024 * 1024));
    await waitFor(() => expect(onFileChange).toHaveBeenCalledTimes(1));
    const shown = screen.getByTestId('chosen-file-name');
    expect(shown.textContent).toBe(`${name.slice(0, 27)}...`);
    expect(shown.getAttribute('title')).toBe(name);
    expect(screen.getByTestId('chosen-file-size').textContent).toBe('3 MB');
  });

  it('opens the file dialog from the keyboard', async () => {
    const { zone, input, user } = setup();
    const click = vi.spyOn(input, 'click');
    await user.tab();
    expect(document.activeElement).toBe(zone);
    await user.keyboard('{Enter}');
    expect(click).toHaveBeenCalled();
  });

  it('removes the chosen file', async () => {
    const { input, user, onFileChange } = setup();
    await user.upload(input, image('cover.png'));
    await user.click(await screen.findByRole('button', { name: 'Remove cover.png' }));
    expect(onFileChange).toHaveBeenLastCalledWith(null);
    expect(screen.queryByTestId('chosen-file-name')).toBeNull();
  });
});
