import { act, render, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useUrlSearchParams } from './use-url-search-params';

type Setter = ReturnType<typeof useUrlSearchParams>[1];

/** Renders a page whose setter is kept from its first render, as an event handler made then would. */
function renderPage(url: string) {
  const setters: Setter[] = [];
  function Page() {
    const [, setParams] = useUrlSearchParams();
    setters.push(setParams);
    return null;
  }
  const router = createMemoryRouter([{ path: '/list', element: <Page /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return { first: setters[0]!, search: () => router.state.location.search };
}

describe('useUrlSearchParams', () => {
  it('a second write from the same render starts from the first one: a cleared filter stays cleared', async () => {
    const { first, search } = renderPage('/list?status=ACTIVE&featured=true');
    act(() => {
      first((previous) => {
        const next = new URLSearchParams(previous);
        next.delete('status');
        next.delete('featured');
        return next;
      });
      first((previous) => {
        const next = new URLSearchParams(previous);
        next.set('q', 'DIWALI');
        return next;
      });
    });
    await waitFor(() => expect(search()).toBe('?q=DIWALI'));
  });

  it('after the router has rendered a write, a write starts from the URL as it is', async () => {
    const { first, search } = renderPage('/list?page=3');
    act(() => first({ page: '2' }));
    await waitFor(() => expect(search()).toBe('?page=2'));
    act(() => first((previous) => new URLSearchParams([...previous, ['q', 'x']])));
    await waitFor(() => expect(search()).toBe('?page=2&q=x'));
  });
});
