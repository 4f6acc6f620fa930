import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import Button from '@mui/material/Button';
import { PageHeader, type PageHeaderProps } from './page-header';

function renderAt(props: PageHeaderProps, entries = ['/subject-management', '/subject-management/subject-details']) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>home</p> },
      { path: '/subject-management', element: <p>listing</p> },
      { path: '/subject-management/subject-details', element: <PageHeader {...props} /> },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

describe('PageHeader', () => {
  it('keeps working with only a title, subtitle and actions, outside a router', () => {
    const { container } = render(
      <PageHeader title="Coupons" subtitle="All coupons" actions={<Button>Add Coupon</Button>} />,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Coupons');
    // title, then subtitle, then the actions
    expect(container.textContent).toBe('CouponsAll couponsAdd Coupon');
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Add Coupon']);
    expect(document.title).toBe('Coupons · Lectern');
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('shows the extra title in brackets after the title', () => {
    render(<PageHeader title="Organic Chemistry" extraTitle="Draft" />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Organic Chemistry (Draft)');
  });

  it('shows the info figures as label: value pairs', () => {
    render(
      <PageHeader
        title="Organic Chemistry"
        figures={[
          { label: 'Units', value: 12 },
          { label: 'Video time', value: '3:04:05' },
        ]}
      />,
    );
    expect(screen.getByText('Units:').nextElementSibling?.textContent).toBe('12');
    expect(screen.getByText('Video time:').nextElementSibling?.textContent).toBe('3:04:05');
  });

  it('has a search bar when asked', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(<PageHeader title="Students" search={{ onSearch }} />);
    await user.type(screen.getByPlaceholderText('Search...'), 'Asha');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledWith('Asha');
  });

  it('goes back in history when no route is configured', async () => {
    const { router, user } = renderAt({ title: 'Subject Details', back: true });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(router.state.location.pathname).toBe('/subject-management');
  });

  it('goes to the configured route, from the keyboard too', async () => {
    const { router, user } = renderAt({ title: 'Subject Details', back: '/' });
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Back' }));
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/');
  });

  it('goes home when there is no history to go back to', async () => {
    const { router, user } = renderAt({ title: 'Subject Details', back: true }, [
      '/subject-management/subject-details',
    ]);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(router.state.location.pathname).toBe('/');
  });
});
