import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import TextField from '@mui/material/TextField';
import { DrawerForm, type DrawerFormProps } from './drawer-form';

function setup(props: Partial<DrawerFormProps> = {}) {
  const onClose = vi.fn();
  const onSubmit = vi.fn();
  const view = render(
    <DrawerForm
      open
      title="Create Subject"
      subtitle="Name it and describe it"
      primaryLabel="Save"
      onClose={onClose}
      onSubmit={onSubmit}
      {...props}
    >
      <TextField label="Subject name" />
    </DrawerForm>,
  );
  return { onClose, onSubmit, user: userEvent.setup(), view };
}

/** happy-dom's own handle on the window, for resizing it. */
function setViewport(width: number, height: number) {
  (
    window as unknown as { happyDOM: { setViewport: (size: { width: number; height: number }) => void } }
  ).happyDOM.setViewport({ width, height });
}

function paper() {
  return screen.getByRole('dialog', { name: 'Create Subject' });
}

describe('DrawerForm', () => {
  it('puts an aside beside the fields, in the body, after them in reading order', () => {
    setup({ aside: <section aria-label="Preview">As a student sees it</section> });
    const body = screen.getByTestId('drawer-form-body');
    const field = screen.getByRole('textbox', { name: 'Subject name' });
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(body.contains(preview)).toBe(true);
    expect(field.compareDocumentPosition(preview) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('does not close while a save is under way', async () => {
    const { onClose, user } = setup({ submitting: true });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).toBeNull();
  });

  it('shows title, subtitle, body and the two buttons; the primary button submits the form', async () => {
    const { onSubmit, user } = setup();
    const drawer = paper();
    expect(within(drawer).getByRole('heading', { level: 2 }).textContent).toBe('Create Subject');
    expect(drawer.textContent).toContain('Name it and describe it');
    const body = screen.getByTestId('drawer-form-body');
    expect(body.contains(screen.getByRole('textbox', { name: 'Subject name' }))).toBe(true);
    expect(
      within(drawer)
        .getAllByRole('button')
        .map((button) => button.textContent || button.getAttribute('aria-label')),
    ).toEqual(['Close', 'Cancel', 'Save']);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('submits on Enter in a field', async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByRole('textbox', { name: 'Subject name' }), 'Botany{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('is 472 px wide by default and 415 px as a stepper drawer', () => {
    const { view } = setup();
    expect(getComputedStyle(paper()).width).toBe('472px');
    view.unmount();
    setup({ variant: 'stepper' });
    expect(getComputedStyle(paper()).width).toBe('415px');
  });

  it('fills the width of a phone', () => {
    setViewport(390, 844);
    try {
      setup();
      expect(getComputedStyle(paper()).width).toBe('100%');
    } finally {
      setViewport(1024, 768);
    }
  });

  it('shows progress and blocks the primary button while submitting', async () => {
    const { onSubmit, user } = setup({ submitting: true });
    const primary = screen.getByRole<HTMLButtonElement>('button', { name: /Save/ });
    expect(primary.disabled).toBe(true);
    expect(within(primary).getAllByRole('progressbar')).toHaveLength(1);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Cancel' }).disabled).toBe(true);
    await user.type(screen.getByRole('textbox', { name: 'Subject name' }), 'x{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('can disable the primary button', () => {
    setup({ primaryDisabled: true });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
  });

  it('closes on Escape, the close button and Cancel when nothing changed', async () => {
    const { onClose, user } = setup();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it("asks 'Discard changes?' before closing a dirty form; 'Keep editing' keeps it", async () => {
    const { onClose, user } = setup({ dirty: true });
    await user.keyboard('{Escape}');
    const ask = screen.getByRole('dialog', { name: 'Discard changes?' });
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    // still open, still editable
    expect(within(paper()).getByRole<HTMLInputElement>('textbox', { name: 'Subject name' }).disabled).toBe(false);
  });

  it("closes a dirty form only after 'Discard' is chosen, from Cancel too", async () => {
    const { onClose, user } = setup({ dirty: true });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Discard changes?' })).getByRole('button', { name: 'Discard' }),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('asks before a backdrop click closes a dirty form', async () => {
    const { onClose, user } = setup({ dirty: true });
    const backdrop = document.querySelector('.MuiBackdrop-root');
    expect(backdrop).not.toBeNull();
    await user.click(backdrop as Element);
    const ask = screen.getByRole('dialog', { name: 'Discard changes?' });
    expect(ask.textContent).toContain('Your changes in this form will be lost.');
    expect(
      within(ask)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Keep editing', 'Discard']);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('can style the secondary button as delete with its own action', async () => {
    const onSecondary = vi.fn();
    const { onClose, user } = setup({ secondaryLabel: 'Delete', secondaryDestructive: true, onSecondary });
    const del = screen.getByRole('button', { name: 'Delete' });
    expect(del.className).toContain('colorError');
    await user.click(del);
    expect(onSecondary).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
  });
});
