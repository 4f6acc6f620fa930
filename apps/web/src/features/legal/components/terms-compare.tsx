import { useMemo } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDate, type TermsVersion, plural } from '@lectern/contract';
import { diffTerms, type DiffPart } from './terms-diff';

function Parts({ parts, side }: { parts: DiffPart[] | null; side: 'older' | 'newer' }) {
  if (!parts) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
        {side === 'older' ? 'Not in this version' : 'Removed in this version'}
      </Typography>
    );
  }
  return (
    <Typography variant="body2" component="p" sx={{ m: 0, overflowWrap: 'anywhere' }}>
      {parts.map((part, i) =>
        part.kind === 'same' ? (
          <span key={i}>{part.text}</span>
        ) : part.kind === 'removed' ? (
          <Box
            component="del"
            key={i}
            sx={{ bgcolor: 'rgba(211, 47, 47, 0.14)', color: '#8e1b1b', textDecorationThickness: 1 }}
          >
            {part.text}
          </Box>
        ) : (
          <Box
            component="ins"
            key={i}
            sx={{ bgcolor: 'rgba(46, 125, 50, 0.16)', color: '#1b5e20', textDecoration: 'none' }}
          >
            {part.text}
          </Box>
        ),
      )}
    </Typography>
  );
}

const label = (v: TermsVersion) => `Version ${v.version} · ${formatDate(v.createdAt)}`;

export interface TermsCompareProps {
  versions: TermsVersion[];
  older: number;
  newer: number;
  onChange: (older: number, newer: number) => void;
}

/** Two versions side by side: removed words struck through on the left, added words marked on the right. */
export function TermsCompare({ versions, older, newer, onChange }: TermsCompareProps) {
  const left = versions.find((v) => v.version === older);
  const right = versions.find((v) => v.version === newer);
  const rows = useMemo(() => (left && right ? diffTerms(left.content, right.content) : []), [left, right]);
  const changes = rows.filter((r) => r.changed).length;

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          size="small"
          label="Older version"
          value={older}
          onChange={(event) => onChange(Number(event.target.value), newer)}
          sx={{ minWidth: 240 }}
        >
          {versions.map((v) => (
            <MenuItem key={v.version} value={v.version}>
              {label(v)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Newer version"
          value={newer}
          onChange={(event) => onChange(older, Number(event.target.value))}
          sx={{ minWidth: 240 }}
        >
          {versions.map((v) => (
            <MenuItem key={v.version} value={v.version}>
              {label(v)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Typography role="status" variant="body2" color="text.secondary">
        {older === newer
          ? 'Choose two different versions to compare.'
          : changes === 0
            ? 'The two versions read the same.'
            : `${plural(changes, 'block')} changed between version ${older} and version ${newer}.`}
      </Typography>
      {older !== newer && (
        <Box
          role="table"
          aria-label={`Version ${older} and version ${newer} side by side`}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}
        >
          <Box role="row" sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', bgcolor: 'grey.100' }}>
            <Typography component="div" role="columnheader" variant="subtitle2" sx={{ p: 1 }}>
              Version {older}
            </Typography>
            <Typography
              component="div"
              role="columnheader"
              variant="subtitle2"
              sx={{ p: 1, borderLeft: 1, borderColor: 'divider' }}
            >
              Version {newer}
            </Typography>
          </Box>
          {rows.map((row, i) => (
            <Box
              role="row"
              key={i}
              data-changed={row.changed || undefined}
              sx={{
                display: 'grid',
                gridTemplateColumns: '1fr 1fr',
                borderTop: 1,
                borderColor: 'divider',
                bgcolor: row.changed ? 'rgba(255, 193, 7, 0.06)' : undefined,
                fontWeight: /^h\d$/.test(row.tag) ? 700 : undefined,
                '& p': { fontWeight: 'inherit' },
              }}
            >
              <Box role="cell" sx={{ p: 1, minWidth: 0 }}>
                <Parts parts={row.left} side="older" />
              </Box>
              <Box role="cell" sx={{ p: 1, minWidth: 0, borderLeft: 1, borderColor: 'divider' }}>
                <Parts parts={row.right} side="newer" />
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Stack>
  );
}
