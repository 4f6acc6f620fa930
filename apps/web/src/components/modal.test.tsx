import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import Button from '@mui/material/Button';
import { Modal } from './modal';

describe('Modal', () => {
  it('shows its title as the dialog name, its body and its actions', () => {
    render(
      <Modal open title="Assign people" onClose={() => undefined} actions={<Button>Save</Button>}>
        Pick a content admin.
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Assign people' });
    expect(dialog.textContent).toContain('Pick a content admin.');
    // the actions sit in the bottom row, apart from the close button in the title
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save.parentElement?.className).toContain('MuiDialogActions-root');
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Modal open title="Assign people" onClose={onClose} />);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on its close button', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Modal open title="Assign people" onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('renders nothing while closed', () => {
    render(<Modal open={false} title="Assign people" onClose={() => undefined} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
