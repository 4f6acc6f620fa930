import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { orNA } from '@lectern/contract';

/** A machine-made id (a UUID or a long hex string) says nothing to a person: only its start is shown. */
const MACHINE_ID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}/i;
const SHOWN = 8;

/** What an id cell shows: a readable id ('subj-indian-polity') whole; a UUID by its first 8 characters. */
export function shortId(id: string): string {
  return MACHINE_ID.test(id) ? `${id.slice(0, SHOWN)}…` : id;
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
