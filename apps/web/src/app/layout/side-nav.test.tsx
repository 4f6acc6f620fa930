import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Role } from '@lectern/contract';
import { SideNav } from './side-nav';

function renderNav(roles: Role[]) {
  render(
    <MemoryRouter initialEntries={['/overview']}>
      <SideNav roles={roles} />
    </MemoryRouter>,
  );
  const nav = screen.getByRole('navigation', { name: 'Main navigation' });
  const labels = Array.from(nav.querySelectorAll<HTMLElement>('[data-testid^="nav-"]')).map((item) => ({
    label: item.querySelector('.MuiListItemText-primary')?.textContent ?? '',
    disabled: item.getAttribute('aria-disabled') === 'true',
  }));
  return { nav, labels };
}

describe('side navigation', () => {
  it('disables for FINANCE exactly the pages the permission table does not give it', () => {
    const { labels } = renderNav(['FINANCE']);
    expect(labels.filter((l) => !l.disabled).map((l) => l.label)).toEqual([
      'Overview',
      'Publisher',
      'Coupons',
      'Delivery Management',
      'Student Management',
      'Orders',
      'GST Return',
      'Batch Management',
    ]);
    expect(labels.filter((l) => l.disabled).map((l) => l.label)).toEqual([
      'Subject Management',
      'Subject Review',
      'File Explorer',
      'Transcoding Manager',
      'Live Classes',
      'Student Updates',
      'Legal',
      'User Management',
    ]);
  });

  it('links enabled entries and shows the no-permission tooltip on a disabled one', async () => {
    const user = userEvent.setup();
    renderNav(['FINANCE']);
    expect(screen.getByTestId('nav-/coupons')).toHaveProperty('href', expect.stringMatching(/\/coupons$/));
    const disabled = screen.getByTestId('nav-/subject-management');
    expect(disabled.getAttribute('href')).toBeNull();

    const wrapper = disabled.parentElement;
    if (!wrapper) throw new Error('the disabled item has no wrapper');
    await user.hover(wrapper);

    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toBe('You dont have permission to access this page');
  });

  it('says why a disabled entry is disabled without a hover (touch has none)', () => {
    renderNav(['FINANCE']);
    const disabled = screen.getByTestId('nav-/subject-management');
    expect(disabled.textContent).toBe('Subject ManagementNo permission');
    expect(screen.getByTestId('nav-/coupons').textContent).toBe('Coupons');
  });

  it("shows 'Your Live Classes' only to instructors", () => {
    const instructor = renderNav(['INSTRUCTOR']);
    const liveClasses = instructor.labels.find((l) => l.label === 'Your Live Classes');
    expect(liveClasses).toEqual({ label: 'Your Live Classes', disabled: false });
  });

  it.each<Role>(['SUPER_ADMIN', 'CONTENT_ADMIN', 'CONTENT_DEVELOPER', 'CONTENT_UPLOADER', 'FINANCE'])(
    "hides 'Your Live Classes' from %s",
    (role) => {
      const { labels } = renderNav([role]);
      expect(labels.map((l) => l.label)).not.toContain('Your Live Classes');
      expect(screen.queryByText('Your Live Classes')).toBeNull();
    },
  );

  it('gives SUPER_ADMIN every entry except the instructor one, none disabled', () => {
    const { labels } = renderNav(['SUPER_ADMIN']);
    expect(labels).toHaveLength(16);
    expect(labels.every((l) => !l.disabled)).toBe(true);
  });
});
