import type { ReactNode } from 'react';
import { Controller, get, useFormContext, useWatch, type Path } from 'react-hook-form';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { sentence, type StoreListingFormInput } from './store-listing-form';

type Name = Path<StoreListingFormInput>;

/** The message of one field, as a sentence. */
export function useFieldError(name: Name): string | undefined {
  const {
    formState: { errors },
  } = useFormContext<StoreListingFormInput>();
  const error: unknown = get(errors, name);
  return typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string'
    ? sentence(error.message)
    : undefined;
}

interface TextInputProps {
  name: Name;
  label: string;
  required?: boolean;
  helperText?: ReactNode;
  multiline?: boolean;
  /** shows 'n / max' under the field (the SEO counters); typing past it is allowed and refused on save */
  counter?: number;
  inputMode?: 'numeric' | 'decimal' | 'text';
  placeholder?: string;
}

/** A text field of the form. */
export function TextInput({
  name,
  label,
  required = false,
  helperText,
  multiline = false,
  counter,
  inputMode,
  placeholder,
}: TextInputProps) {
  const { register, control } = useFormContext<StoreListingFormInput>();
  const error = useFieldError(name);
  const value: unknown = useWatch({ control, name });
  const length = typeof value === 'string' ? value.length : 0;
  const count =
    counter === undefined ? undefined : `${length} / ${counter} characters${length > counter ? ': too long' : ''}`;
  return (
    <TextField
      label={label}
      required={required}
      fullWidth
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      autoComplete="off"
      placeholder={placeholder}
      {...register(name)}
      error={Boolean(error) || (counter !== undefined && length > counter)}
      helperText={[error, count, error ? undefined : helperText].filter(Boolean).join(' · ') || undefined}
      slotProps={{ htmlInput: { inputMode } }}
    />
  );
}

/** An on/off setting. */
export function SwitchInput({ name, label }: { name: Name; label: string }) {
  const { control } = useFormContext<StoreListingFormInput>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={label}
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

/** Rich text (the shared TipTap editor), with how much of the limit it uses. */
export function RichTextInput({
  name,
  label,
  max,
  resetKey,
  minHeight = 140,
}: {
  name: Name;
  label: string;
  max: number;
  resetKey: string | number;
  minHeight?: number;
}) {
  const { control } = useFormContext<StoreListingFormInput>();
  const error = useFieldError(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const html = typeof field.value === 'string' ? field.value : '';
        return (
          <RichTextEditor
            label={label}
            value={html}
            onChange={field.onChange}
            resetKey={resetKey}
            minHeight={minHeight}
            error={Boolean(error)}
            helperText={error ?? `${html.length.toLocaleString('en-IN')} of ${max.toLocaleString('en-IN')} characters`}
          />
        );
      }}
    />
  );
}
