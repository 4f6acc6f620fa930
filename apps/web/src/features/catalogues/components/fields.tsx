import type { ReactNode } from 'react';
import { Controller, get, useFormContext, useWatch, type Path } from 'react-hook-form';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { formatMoney, parseRupees } from '@lectern/contract';
import { fieldMessage, type CatalogueFormInput } from './catalogue-form';

type Name = Path<CatalogueFormInput>;

interface FieldProps {
  name: Name;
  label: string;
  /** read-only (FINANCE sees the field but cannot change it) */
  readOnly?: boolean;
  required?: boolean;
  helperText?: ReactNode;
}

/** The message of one field, as a sentence with its label. */
export function useFieldError(name: Name, label: string): string | undefined {
  const {
    formState: { errors },
  } = useFormContext<CatalogueFormInput>();
  const error: unknown = get(errors, name);
  const message =
    typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string'
      ? error.message
      : undefined;
  return fieldMessage(label, message);
}

/** A text field of the form. */
export function TextInput({
  name,
  label,
  readOnly = false,
  required = false,
  helperText,
  multiline = false,
  maxLength,
  type,
}: FieldProps & { multiline?: boolean; maxLength?: number; type?: string }) {
  const { register } = useFormContext<CatalogueFormInput>();
  const error = useFieldError(name, label);
  return (
    <TextField
      label={label}
      required={required && !readOnly}
      fullWidth
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      type={type}
      autoComplete="off"
      {...register(name)}
      error={Boolean(error)}
      helperText={error ?? helperText}
      slotProps={{
        htmlInput: { readOnly, maxLength },
        inputLabel: type === 'date' ? { shrink: true } : undefined,
      }}
    />
  );
}

/** A choice among a few values. */
export function SelectInput({
  name,
  label,
  readOnly = false,
  options,
}: FieldProps & { options: readonly { value: string; label: string }[] }) {
  const { control } = useFormContext<CatalogueFormInput>();
  const error = useFieldError(name, label);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          select
          fullWidth
          label={label}
          name={field.name}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          disabled={readOnly}
          error={Boolean(error)}
          helperText={error}
        >
          {options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/** An on/off setting. */
export function SwitchInput({ name, label, readOnly = false }: FieldProps) {
  const { control } = useFormContext<CatalogueFormInput>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          disabled={readOnly}
          control={
            <Switch
              name={field.name}
              checked={field.value === true}
              onChange={(_event, checked) => field.onChange(checked)}
              onBlur={field.onBlur}
              inputRef={field.ref}
            />
          }
        />
      )}
    />
  );
}

/** An amount typed in rupees: 'Rs.' before it, and what it reads as (Indian grouping) under it. */
export function RupeesInput({ name, label, readOnly = false, required = false, helperText }: FieldProps) {
  const { register, control } = useFormContext<CatalogueFormInput>();
  const error = useFieldError(name, label);
  const value: unknown = useWatch({ control, name });
  const text = typeof value === 'string' ? value.trim() : '';
  const amount = text === '' ? null : parseRupees(text);
  const reading = amount !== null && amount >= 0 ? `Reads as ${formatMoney(amount)}` : undefined;
  return (
    <TextField
      label={label}
      required={required && !readOnly}
      fullWidth
      autoComplete="off"
      {...register(name)}
      error={Boolean(error)}
      helperText={error ?? reading ?? helperText}
      slotProps={{
        htmlInput: { readOnly, inputMode: 'decimal', maxLength: 20 },
        input: { startAdornment: <InputAdornment position="start">Rs.</InputAdornment> },
      }}
    />
  );
}

/** '#abc' as '#aabbcc' (the colour input takes six digits only); anything else black. */
function sixDigits(colour: string): string {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(colour);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  return /^#[0-9a-f]{6}$/i.test(colour) ? colour.toLowerCase() : '#000000';
}

/** A colour: typed as #rrggbb or picked with the browser's colour picker beside it. */
export function ColourInput({ name, label, readOnly = false }: FieldProps) {
  const { control } = useFormContext<CatalogueFormInput>();
  const error = useFieldError(name, label);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const value = typeof field.value === 'string' ? field.value : '';
        return (
          <TextField
            label={label}
            fullWidth
            autoComplete="off"
            name={field.name}
            value={value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={Boolean(error)}
            helperText={error}
            slotProps={{
              htmlInput: { readOnly, maxLength: 7, spellCheck: false },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <Box
                      component="input"
                      type="color"
                      aria-label={`${label}: pick a colour`}
                      value={sixDigits(value)}
                      disabled={readOnly}
                      onChange={(event) => field.onChange((event.target as HTMLInputElement).value)}
                      sx={{
                        width: 32,
                        height: 32,
                        p: 0,
                        border: 1,
                        borderColor: 'divider',
                        borderRadius: 1,
                        bgcolor: 'transparent',
                        cursor: readOnly ? 'default' : 'pointer',
                      }}
                    />
                  </InputAdornment>
                ),
              },
            }}
          />
        );
      }}
    />
  );
}
