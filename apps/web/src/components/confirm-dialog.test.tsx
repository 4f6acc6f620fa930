import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import Button from '@mui/material/Button';
import { ConfirmDialog, useConfirm } from './confirm-dialog';

describe('ConfirmDialog', () => {
  it('shows title, message and a destructive confirm label; confirming runs onConfirm then closes', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(
      <ConfirmDialog
        open
        title="Delete subject?"
        message="'Organic Chemistry' and its units will be deleted."
        confirmLabel="Delete"
        destructive
        onConfirm={onConfirm}
        onClose={onClose}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete subject?' });
    expect(dialog.textContent).toContain("'Organic Chemistry' and its units will be deleted.");
    const confirm = screen.getByRole('button', { name: 'Delete' });
    expect(confirm.className).toContain('colorError');
    await user.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('cancel and Escape close without confirming', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(<ConfirmDialog open title="Delete subject?" onConfirm={onConfirm} onClose={onClose} />);
    expect(screen.getByRole('button', { name: 'Confirm' }).className).toContain('colorPrimary');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('shows progress while a returned promise runs, and stays open when it fails', async () => {
    const user = userEvent.setup();
    let fail: (error: Error) => void = () => undefined;
    const onClose = vi.fn();
    render(
      <ConfirmDialog
        open
        title="Delete subject?"
        confirmLabel="Delete"
        onConfirm={() => new Promise((_resolve, reject) => (fail = reject))}
        onClose={onClose}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /Delete/ }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Cancel' }).disabled).toBe(true);
    fail(new Error('server said no'));
    await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Cancel' }).disabled).toBe(false));
    expect(onClose).not.toHaveBeenCalled();
  });
});

function DeleteButton({ onAnswer }: { onAnswer: (answer: boolean) => void }) {
  const { confirm, confirmDialog } = useConfirm();
  return (
    <>
      <Button
        onClick={async () => {
          onAnswer(await confirm({ title: 'Delete unit?', confirmLabel: 'Delete', destructive: true }));
        }}
      >
        Delete unit
      </Button>
      {confirmDialog}
    </>
  );
}

describe('useConfirm', () => {
  it('resolves true on confirm and false on cancel', async () => {
    const user = userEvent.setup();
    const onAnswer = vi.fn();
    render(<DeleteButton onAnswer={onAnswer} />);
    await user.click(screen.getByRole('button', { name: 'Delete unit' }));
    await user.click(withinDialog('Delete unit?').getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onAnswer).toHaveBeenLastCalledWith(true));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Delete unit' }));
    await user.click(withinDialog('Delete unit?').getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(onAnswer).toHaveBeenLastCalledWith(false));
    expect(onAnswer).toHaveBeenCalledTimes(2);
  });
});

function withinDialog(name: string) {
  return within(screen.getByRole('dialog', { name }));
}
