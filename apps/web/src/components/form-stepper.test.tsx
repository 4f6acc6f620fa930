import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FormStepper } from './form-stepper';

const STEPS = [
  { label: 'Details' },
  { label: 'Prices', error: 'Enter a price for every subscription.' },
  { label: 'Images', optional: true },
];

describe('FormStepper', () => {
  it('shows the error text under the step it belongs to, with the step marked as failing', () => {
    render(<FormStepper steps={STEPS} activeStep={1} />);
    const error = screen.getByRole('alert');
    expect(error.textContent).toBe('Enter a price for every subscription.');
    const stepLabel = error.closest('.MuiStepLabel-root') as HTMLElement;
    expect(stepLabel.textContent).toContain('Prices');
    expect(stepLabel.querySelector('.MuiStepLabel-label')?.className).toContain('Mui-error');
    expect(screen.getByText('Details').className).not.toContain('Mui-error');
    expect(screen.getByText('Optional').closest('.MuiStepLabel-root')?.textContent).toBe('3ImagesOptional');
  });

  it('lets the user jump to a step when asked', async () => {
    const user = userEvent.setup();
    const onStepClick = vi.fn();
    render(<FormStepper steps={STEPS} activeStep={0} onStepClick={onStepClick} />);
    await user.click(screen.getByRole('button', { name: /Images/ }));
    expect(onStepClick).toHaveBeenCalledWith(2);
    expect(screen.getByRole('alert').textContent).toBe('Enter a price for every subscription.');
  });
});
