import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { orNA } from '@lectern/contract';

/** Ids up to this long read well whole ('subj-physics'); longer ones (a UUID) show their start. */
const SHORT_ID = 12;
const SHOWN = 8;

/** What an id cell shows: the id itself when short, else its first 8 characters and an ellipsis. */
export function shortId(id: string): string {
  return id.length > SHORT_ID ? `${id.slice(0, SHOWN)}…` : id;
}

/**
 * An id a person may need to quote (to support, in a search): short on screen, whole in the tooltip
 * and the accessible name, with a button that copies the whole id.
 */
export function IdCell({ value }: { value: string | undefined }) {
  const [copied, setCopied] = useState(false);
  if (!value) return <span>{orNA(value)}</span>;
  const copy = () => {
    void navigator.clipboard?.writeText(value).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, whiteSpace: 'nowrap' }}>
      <Tooltip title={value}>
        <Box component="span" aria-label={value} sx={{ fontFamily: 'monospace', fontSize: '0.8125rem' }}>
          {shortId(value)}
        </Box>
      </Tooltip>
      <Tooltip title={copied ? 'Copied' : 'Copy the whole id'} onClose={() => setCopied(false)}>
        <IconButton size="small" aria-label={`Copy id ${value}`} onClick={copy} sx={{ p: 0.5 }}>
          <ContentCopyIcon sx={{ fontSize: 16 }} />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
