import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import Button from '@mui/material/Button';
import { SectionCard } from './section-card';

describe('SectionCard', () => {
  it('shows its title in capitals, its action and its content', () => {
    const { container } = render(
      <SectionCard title="Subscriptions" action={<Button>Add</Button>}>
        3 plans
      </SectionCard>,
    );
    const heading = screen.getByRole('heading', { name: 'Subscriptions' });
    expect(getComputedStyle(heading).textTransform).toBe('uppercase');
    // the action beside the heading, the content under them
    expect(heading.parentElement?.nextElementSibling?.textContent).toBe('Add');
    expect(container.textContent).toBe('SubscriptionsAdd3 plans');
  });
});
