import { useId, type ReactNode, type Ref } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';

export interface LoginFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** the message under the field; it marks the field invalid */
  error: string | null;
  inputRef?: Ref<HTMLInputElement>;
  autoFocus?: boolean;
  autoComplete: string;
  startAdornment?: ReactNode;
  htmlInput: NonNullable<OutlinedInputProps['inputProps']>;
}

/**
 * An outlined text field as MUI's TextField draws it (label, notch, helper line), built from its
 * parts: TextField also brings Select with its menu and popover, which sign-in never uses, into the
 * first load.
 */
export function LoginField({
  label,
  value,
  onChange,
  error,
  inputRef,
  autoFocus,
  autoComplete,
  startAdornment,
  htmlInput,
}: LoginFieldProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <FormControl fullWidth error={error !== null} variant="outlined">
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        inputRef={inputRef}
        autoFocus={autoFocus}
        autoComplete={autoComplete}
        startAdornment={startAdornment}
        inputProps={{ ...htmlInput, 'aria-describedby': helperId }}
      />
      {/* a space keeps the line's height while there is no message, as the TextField did */}
      <FormHelperText id={helperId}>{error ?? ' '}</FormHelperText>
    </FormControl>
  );
}
