import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';

export interface ButtonCellProps {
  label: string;
  /** Renders a react-router link to this target (path plus query string). */
  to?: string;
  onClick?: () => void;
  variant?: 'text' | 'outlined' | 'contained';
  disabled?: boolean;
  ariaLabel?: string;
}

/** A button, or a link styled as a button when `to` is given. */
export function ButtonCell({ label, to, onClick, variant = 'outlined', disabled = false, ariaLabel }: ButtonCellProps) {
  const props = {
    onClick,
    size: 'small',
    variant,
    disabled,
    'aria-label': ariaLabel,
    sx: { whiteSpace: 'nowrap' },
    children: label,
  } as const;
  return to !== undefined ? <Button component={RouterLink} to={to} {...props} /> : <Button {...props} />;
}
