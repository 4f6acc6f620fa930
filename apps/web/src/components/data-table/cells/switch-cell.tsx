import Switch from '@mui/material/Switch';

/** An on/off switch; `onToggle` gets the next value. The caller owns the value. */
export function SwitchCell({
  checked,
  onToggle,
  label,
  disabled = false,
}: {
  checked: boolean;
  onToggle: (next: boolean) => void;
  /** Accessible name. */
  label: string;
  disabled?: boolean;
}) {
  return (
    <Switch
      checked={checked}
      disabled={disabled}
      onChange={(_event, next) => onToggle(next)}
      slotProps={{ input: { 'aria-label': label } }}
    />
  );
}
