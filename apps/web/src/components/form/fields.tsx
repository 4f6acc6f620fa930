import { createContext, useContext, type ReactElement, type ReactNode } from 'react';
import {
  Controller,
  get,
  useFormContext,
  useWatch,
  type ControllerRenderProps,
  type FieldValues,
  type Path,
} from 'react-hook-form';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { formatMoney, parseRupees } from '@lectern/contract';
import { RichTextEditor } from '../rich-text-editor';
import { fieldMessage } from './step-errors';

/** How a field's message is shown under it: `label` is the field's, `message` the schema's. */
export type FieldMessage = (label: string, message: string) => string | undefined;

/** The way the form around the fields words their messages (StepperEditor provides it). */
export const FieldMessageContext = createContext<FieldMessage>(fieldMessage);

/** The message of one field of the form around it, as a sentence. */
export function useFieldError(name: string, label = 'This field'): string | undefined {
  const {
    formState: { errors },
  } = useFormContext();
  const describe = useContext(FieldMessageContext);
  const error: unknown = get(errors, name);
  return typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string'
    ? describe(label, error.message)
    : undefined;
}

/** A field drawn by `render` from the form's value (as text, '' when it is not text) and its message. */
function Bound({
  name,
  label,
  render,
}: {
  name: string;
  label: string;
  render: (field: ControllerRenderProps, text: string, error: string | undefined) => ReactElement;
}) {
  const { control } = useFormContext();
  const error = useFieldError(name, label);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => render(field, typeof field.value === 'string' ? field.value : '', error)}
    />
  );
}

/** What a TextField needs of a controlled field. */
const inputProps = (field: ControllerRenderProps, value: string) => ({
  name: field.name,
  value,
  onChange: field.onChange,
  onBlur: field.onBlur,
  inputRef: field.ref,
});

interface FieldProps<N extends string = string> {
  name: N;
  label: string;
  /** read-only (FINANCE sees the field but cannot change it) */
  readOnly?: boolean;
  required?: boolean;
  helperText?: ReactNode;
}

export interface TextInputProps<N extends string = string> extends FieldProps<N> {
  multiline?: boolean;
  maxLength?: number;
  type?: string;
  /** shows 'n / max' under the field (the SEO counters); typing past it is allowed and refused on save */
  counter?: number;
  inputMode?: 'numeric' | 'decimal' | 'text';
  placeholder?: string;
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
  counter,
  inputMode,
  placeholder,
}: TextInputProps) {
  const { register, control } = useFormContext();
  const error = useFieldError(name, label);
  const value: unknown = useWatch({ control, name });
  const length = typeof value === 'string' ? value.length : 0;
  const count =
    counter === undefined ? undefined : `${length} / ${counter} characters${length > counter ? ': too long' : ''}`;
  return (
    <TextField
      label={label}
      required={required && !readOnly}
      fullWidth
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      type={type}
      autoComplete="off"
      placeholder={placeholder}
      {...register(name)}
      error={Boolean(error) || (counter !== undefined && length > counter)}
      helperText={
        count === undefined
          ? (error ?? helperText)
          : [error, count, error ? undefined : helperText].filter(Boolean).join(' · ')
      }
      slotProps={{
        htmlInput: { readOnly, maxLength, inputMode },
        inputLabel: type === 'date' ? { shrink: true } : undefined,
      }}
    />
  );
}

export interface SelectInputProps<N extends string = string> extends FieldProps<N> {
  options: readonly { value: string; label: string }[];
}

/** A choice among a few values. */
export function SelectInput({ name, label, readOnly = false, options }: SelectInputProps) {
  return (
    <Bound
      name={name}
      label={label}
      render={(field, value, error) => (
        <TextField
          select
          fullWidth
          label={label}
          {...inputProps(field, value)}
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
  const { control } = useFormContext();
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

export interface RichTextInputProps<N extends string = string> extends FieldProps<N> {
  /** the limit in characters of HTML, shown under the editor */
  max: number;
  /** a new value makes the editor read the form's value again (after a reset) */
  resetKey: string | number;
  minHeight?: number;
}

/** Rich text (the shared TipTap editor), with how much of the limit it uses. */
export function RichTextInput({ name, label, max, resetKey, minHeight = 140 }: RichTextInputProps) {
  return (
    <Bound
      name={name}
      label={label}
      render={(field, html, error) => (
        <RichTextEditor
          label={label}
          value={html}
          onChange={field.onChange}
          resetKey={resetKey}
          minHeight={minHeight}
          error={Boolean(error)}
          helperText={error ?? `${html.length.toLocaleString('en-IN')} of ${max.toLocaleString('en-IN')} characters`}
        />
      )}
    />
  );
}

/** An amount typed in rupees: 'Rs.' before it, and what it reads as (Indian grouping) under it. */
export function RupeesInput({ name, label, readOnly = false, required = false, helperText }: FieldProps) {
  const { register, control } = useFormContext();
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
export function sixDigits(colour: string): string {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(colour);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  return /^#[0-9a-f]{6}$/i.test(colour) ? colour.toLowerCase() : '#000000';
}

/** A colour: typed as #rrggbb or picked with the browser's colour picker beside it. */
export function ColourInput({ name, label, readOnly = false }: FieldProps) {
  return (
    <Bound
      name={name}
      label={label}
      render={(field, value, error) => (
        <TextField
          label={label}
          fullWidth
          autoComplete="off"
          {...inputProps(field, value)}
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
      )}
    />
  );
}

type Field<P> = (props: P) => ReactElement;

/**
 * The fields above with their names checked against one form's values:
 * `export const { TextInput, SwitchInput } = formFields<CatalogueFormInput>();`.
 */
export function formFields<T extends FieldValues>() {
  return {
    TextInput: TextInput as Field<TextInputProps<Path<T>>>,
    SelectInput: SelectInput as Field<SelectInputProps<Path<T>>>,
    SwitchInput: SwitchInput as Field<FieldProps<Path<T>>>,
    RichTextInput: RichTextInput as Field<RichTextInputProps<Path<T>>>,
    RupeesInput: RupeesInput as Field<FieldProps<Path<T>>>,
    ColourInput: ColourInput as Field<FieldProps<Path<T>>>,
    useFieldError: useFieldError as (name: Path<T>, label?: string) => string | undefined,
  };
}
