import type { ReactNode } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LIVE_CLASS_DURATION } from '@lectern/contract';
import type { LiveClassFormValues } from './live-class-form';

/** An option that adds what was typed: 'Add "Organic Chemistry"'. */
export interface Creatable {
  id: string;
  name: string;
  create?: true;
}
const filterCreatable = createFilterOptions<Creatable>();

/** Day, start, length and the share that counts as present (India time). */
export function ClassTimeFields({
  register,
  errors,
}: {
  register: UseFormRegister<LiveClassFormValues>;
  errors: FieldErrors<LiveClassFormValues>;
}) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <TextField
        label="Day"
        type="date"
        required
        {...register('day')}
        error={Boolean(errors.day)}
        helperText={errors.day?.message}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        label="Start time"
        type="time"
        required
        {...register('time')}
        error={Boolean(errors.time)}
        helperText={errors.time?.message ?? 'India time (IST).'}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 300 } }}
      />
      <TextField
        label="Duration"
        required
        autoComplete="off"
        {...register('durationMinutes')}
        error={Boolean(errors.durationMinutes)}
        helperText={
          errors.durationMinutes?.message ?? `${LIVE_CLASS_DURATION.min} to ${LIVE_CLASS_DURATION.max} minutes.`
        }
        slotProps={{
          htmlInput: { inputMode: 'numeric', maxLength: 3 },
          input: { endAdornment: <InputAdornment position="end">min</InputAdornment> },
        }}
      />
      <TextField
        label="Present at"
        required
        autoComplete="off"
        {...register('presentSharePercent')}
        error={Boolean(errors.presentSharePercent)}
        helperText={errors.presentSharePercent?.message ?? 'Share of the length that counts as present.'}
        slotProps={{
          htmlInput: { inputMode: 'numeric', maxLength: 3 },
          input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
        }}
      />
    </Box>
  );
}

export function Section({ children }: { children: ReactNode }) {
  return (
    <Typography variant="h3" component="h3" sx={{ fontSize: '1rem', fontWeight: 600, mt: 0.5 }}>
      {children}
    </Typography>
  );
}

/** A single choice with 'Add "…"' for a name not in the list (subjects and chapters are created inline). */
export function CreatableSelect({
  label,
  options,
  value,
  loading,
  required,
  disabled,
  error,
  helper,
  creating,
  onChange,
  onCreate,
}: {
  label: string;
  options: Creatable[];
  value: string;
  loading: boolean;
  required?: boolean;
  disabled?: boolean;
  error?: string;
  helper?: string;
  creating: boolean;
  onChange: (id: string) => void;
  onCreate: (name: string) => Promise<void>;
}) {
  const chosen = options.find((o) => o.id === value) ?? null;
  return (
    <Autocomplete<Creatable>
      options={options}
      value={chosen}
      loading={loading || creating}
      disabled={disabled || creating}
      onChange={(_e, option) => {
        if (option?.create) void onCreate(option.name).catch(() => undefined);
        else onChange(option?.id ?? '');
      }}
      filterOptions={(all, state) => {
        const filtered = filterCreatable(all, state);
        const typed = state.inputValue.trim();
        if (typed && !all.some((o) => o.name.toLowerCase() === typed.toLowerCase())) {
          filtered.push({ id: `new:${typed}`, name: typed, create: true });
        }
        return filtered;
      }}
      getOptionLabel={(o) => o.name}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          {option.create ? `Add "${option.name}"` : option.name}
        </li>
      )}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      handleHomeEndKeys
      selectOnFocus
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={Boolean(error)}
          helperText={error ?? helper ?? 'Type to search, or to add a new one.'}
        />
      )}
    />
  );
}

/** The class's thumbnail, with Change and Remove, or a button to choose one. */
export function ThumbnailField({ url, onPick, onRemove }: { url: string; onPick: () => void; onRemove: () => void }) {
  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 1 }}>
        Thumbnail
      </Typography>
      {url ? (
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
          <Box
            component="img"
            src={url}
            alt="The class's thumbnail"
            sx={{
              width: 160,
              height: 90,
              objectFit: 'cover',
              borderRadius: 1,
              border: 1,
              borderColor: 'divider',
            }}
          />
          <Button onClick={onPick}>Change</Button>
          <Button color="error" onClick={onRemove}>
            Remove
          </Button>
        </Box>
      ) : (
        <Button variant="outlined" onClick={onPick}>
          Choose thumbnail
        </Button>
      )}
    </Box>
  );
}
