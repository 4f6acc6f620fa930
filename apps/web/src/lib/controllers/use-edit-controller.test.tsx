import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { Link, RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES, fillMessage } from '@lectern/contract';
import { StaleVersionAlert } from '../../components/form/stale-version-alert';
import { ApiError } from '../api-error';
import { changedFields, isStaleVersion, mergeUntouched, useEditController } from './use-edit-controller';

interface Thing {
  id: string;
  name: string;
  price: number;
  note: string;
  version: number;
}
interface Values {
  name: string;
  price: string;
  note: string;
}

const STALE_MESSAGE = fillMessage(MESSAGES.staleVersion, { entity: 'thing' });
const stale = () =>
  new ApiError({ message: STALE_MESSAGE, status: 409, body: { error: true, errorCode: 'STALE_VERSION' } });
const toValues = (thing: Thing): Values => ({ name: thing.name, price: String(thing.price), note: thing.note });
const MINE: Thing = { id: 't1', name: 'Atlas', price: 100, note: 'first', version: 1 };
const THEIRS: Thing = { ...MINE, price: 120, note: 'second', version: 2 };

function Editor(props: {
  save: (values: Values, base: Thing | null) => Promise<unknown>;
  latest?: Thing;
  fetchLatest?: () => Promise<Thing | undefined>;
  allowOverwrite?: boolean;
  onSaved: () => void;
}) {
  const form = useForm<Values>({ defaultValues: toValues(MINE) });
  const edit = useEditController({
    item: MINE,
    form,
    toValues,
    save: props.save,
    latest: props.latest,
    fetchLatest: props.fetchLatest,
    labels: { name: 'Name', price: 'Price', note: 'Note' },
    allowOverwrite: props.allowOverwrite,
    guardWhen: true,
    guardMessage: 'The thing has not been saved.',
  });
  return (
    <form
      onSubmit={(event) =>
        void form.handleSubmit(async (values) => {
          if (await edit.submit(values)) props.onSaved();
        })(event)
      }
    >
      {edit.stale && (
        <StaleVersionAlert
          stale={edit.stale}
          onLoadLatest={edit.loadLatest}
          onOverwrite={
            edit.overwrite &&
            (() =>
              void edit.overwrite?.().then((saved) => {
                if (saved) props.onSaved();
              }))
          }
        />
      )}
      <label>
        Name <input {...form.register('name')} />
      </label>
      <label>
        Price <input {...form.register('price')} />
      </label>
      <button type="submit">Save</button>
      <Link to="/elsewhere">Elsewhere</Link>
      {edit.guard.dialog}
    </form>
  );
}

function setup(props: Omit<Parameters<typeof Editor>[0], 'onSaved'>) {
  const onSaved = vi.fn();
  const router = createMemoryRouter(
    [
      { path: '/edit', element: <Editor {...props} onSaved={onSaved} /> },
      { path: '/elsewhere', element: <p>Somewhere else</p> },
    ],
    { initialEntries: ['/edit'] },
  );
  render(<RouterProvider router={router} />);
  const user = userEvent.setup();
  const price = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Price' });
  return { user, onSaved, price, router };
}

describe('useEditController', () => {
  it('saves at the version it read', async () => {
    const save = vi.fn().mockResolvedValue({});
    const { user, onSaved, price } = setup({ save });
    await user.clear(price());
    await user.type(price(), '90');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(save).toHaveBeenCalledWith({ name: 'Atlas', price: '90', note: 'first' }, MINE);
  });

  it('saves next at the version a save answered (an editor that stays open)', async () => {
    const saved: Thing = { ...MINE, price: 90, version: 2 };
    const save = vi.fn().mockResolvedValueOnce(saved).mockResolvedValue({});
    const { user, onSaved, price } = setup({ save });
    await user.clear(price());
    await user.type(price(), '90');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(2));
    expect(save).toHaveBeenLastCalledWith({ name: 'Atlas', price: '90', note: 'first' }, saved);
  });

  it('on a stale version keeps my edits, lists what changed on the server, and loads theirs on request', async () => {
    const save = vi.fn().mockRejectedValue(stale());
    const { user, onSaved, price } = setup({ save, latest: THEIRS });
    await user.clear(price());
    await user.type(price(), '90');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(STALE_MESSAGE)).toBeTruthy();
    expect(screen.getByText(/Changed on the server: Price, Note\. Your edits are kept/)).toBeTruthy();
    expect(price().value).toBe('90');
    expect(onSaved).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Load latest' }));
    expect(price().value).toBe('120');
    expect(screen.queryByText(STALE_MESSAGE)).toBeNull();
    save.mockResolvedValue({});
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(save).toHaveBeenLastCalledWith({ name: 'Atlas', price: '120', note: 'second' }, THEIRS);
  });

  it('overwrites with mine at the server’s version, keeping their edits to fields I left alone', async () => {
    const save = vi.fn().mockRejectedValueOnce(stale()).mockResolvedValue({});
    const { user, onSaved, price } = setup({ save, fetchLatest: () => Promise.resolve(THEIRS) });
    await user.clear(price());
    await user.type(price(), '90');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Overwrite with mine' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    // my price over their 120; their note, which I did not touch, is not lost
    expect(save).toHaveBeenLastCalledWith({ name: 'Atlas', price: '90', note: 'second' }, THEIRS);
  });

  it('offers no overwrite where the domain does not allow it', async () => {
    const save = vi.fn().mockRejectedValue(stale());
    const { user } = setup({ save, latest: THEIRS, allowOverwrite: false });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Load latest' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Overwrite with mine' })).toBeNull();
  });

  it('shows no notice for another refusal', async () => {
    const save = vi.fn().mockRejectedValue(new ApiError({ message: 'No.', status: 409, body: { error: true } }));
    const { user } = setup({ save, latest: THEIRS });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(save).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks before unsaved changes are left behind', async () => {
    const { user, price, router } = setup({ save: vi.fn() });
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByText('Somewhere else')).toBeTruthy();
    await router.navigate('/edit');
    await user.type(await screen.findByRole('textbox', { name: 'Price' }), '5');
    const field = price();
    expect(field.value).toBe('1005');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByText('The thing has not been saved.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByText('The thing has not been saved.')).toBeNull());
    expect(screen.queryByText('Somewhere else')).toBeNull();
    expect(field.value).toBe('1005');
  });
});

describe('stale helpers', () => {
  it('know a stale version by its code, never by its words', () => {
    expect(isStaleVersion(stale())).toBe(true);
    expect(isStaleVersion(new ApiError({ message: STALE_MESSAGE, status: 409 }))).toBe(false);
  });

  it('list the labelled fields that differ', () => {
    const labels = { name: 'Name', price: 'Price' };
    expect(changedFields(toValues(MINE), toValues(THEIRS), labels)).toEqual(['Price']);
    expect(changedFields(toValues(MINE), toValues(MINE), labels)).toEqual([]);
  });
});

describe('an overwrite’s merge', () => {
  it('keeps their value wherever I changed nothing, field by field inside groups', () => {
    const mine = { info: { name: 'Mine', code: 'A1' }, price: 90, tags: ['x'] };
    const theirs = { info: { name: 'Base', code: 'B2' }, price: 120, tags: ['x', 'y'] };
    expect(mergeUntouched(mine, theirs, { info: { name: true }, price: false })).toEqual({
      info: { name: 'Mine', code: 'B2' },
      price: 120,
      tags: ['x', 'y'],
    });
    // a list I touched is mine whole
    expect(mergeUntouched(mine, theirs, { tags: [false, true] })).toMatchObject({ tags: ['x'] });
  });
});
