import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { orNA } from '@lectern/contract';
import type { InfoTextValue } from '../types';

/** Multi-line text (an array is one line per item) with an info icon whose tooltip explains it. */
export function InfoTextCell({
  value,
  info,
  infoLabel = 'More information',
}: {
  value: InfoTextValue;
  info: ReactNode;
  infoLabel?: string;
}) {
  const text = Array.isArray(value) ? value.join('\n') : orNA(value);
  const hasInfo = info !== null && info !== undefined && info !== '' && info !== false;
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
      <Box component="span" sx={{ whiteSpace: 'pre-line', minWidth: 0, overflowWrap: 'break-word' }}>
        {text.trim() === '' ? orNA(null) : text}
      </Box>
      {hasInfo && (
        <Tooltip title={info} describeChild>
          <IconButton size="small" aria-label={infoLabel} sx={{ mt: -0.5 }}>
            <InfoOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}
