import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { orNA, shortenLabel } from '@lectern/contract';
import type { ChipsValue } from '../types';

/** A list of strings as small chips; 'NA' when there are none. */
export function ChipsCell({
  value,
  getLabel = (item) => item,
  max,
}: {
  value: ChipsValue;
  getLabel?: (item: string) => string;
  max?: number;
}) {
  const items = (typeof value === 'string' ? [value] : (value ?? [])).filter((item) => item.trim() !== '');
  if (items.length === 0) return <>{orNA(null)}</>;
  const shown = max !== undefined && max >= 0 ? items.slice(0, max) : items;
  const hidden = items.length - shown.length;
  return (
    <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, m: 0, p: 0, listStyle: 'none' }}>
      {shown.map((item, index) => {
        const label = getLabel(item);
        return (
          <li key={`${item}-${index}`}>
            <Chip size="small" label={shortenLabel(label)} title={label} />
          </li>
        );
      })}
      {hidden > 0 && (
        <li>
          <Chip
            size="small"
            variant="outlined"
            label={`+${hidden}`}
            title={items.slice(shown.length).map(getLabel).join(', ')}
          />
        </li>
      )}
    </Box>
  );
}
