import { useId } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select from '@mui/material/Select';

/** One choice of a select or filter. */
export interface Option {
  value: string;
  label: string;
}

export interface MultiSelectProps {
  /** The field label. */
  label: string;
  /** The choices. */
  options: Option[];
  /** The chosen values. */
  value: string[];
  /** Called with the chosen values, in the options' order. */
  onChange: (value: string[]) => void;
}

/** A dropdown with a checkbox per option; several can be chosen. */
export function MultiSelect({ label, options, value, onChange }: MultiSelectProps) {
  const labelId = useId();
  const labels = new Map(options.map((option) => [option.value, option.label]));
  return (
    <FormControl size="small" sx={{ minWidth: 200, width: { xs: '100%', sm: 'auto' } }}>
      <InputLabel id={labelId}>{label}</InputLabel>
      <Select<string[]>
        labelId={labelId}
        multiple
        value={value}
        input={<OutlinedInput label={label} />}
        renderValue={(chosen) => chosen.map((v) => labels.get(v) ?? v).join(', ')}
        onChange={(event) => {
          const next = event.target.value;
          const chosen = new Set(typeof next === 'string' ? next.split(',') : next);
          onChange(options.filter((option) => chosen.has(option.value)).map((option) => option.value));
        }}
      >
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            <Checkbox checked={value.includes(option.value)} size="small" sx={{ p: 0.5, mr: 1 }} />
            <ListItemText primary={option.label} />
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
