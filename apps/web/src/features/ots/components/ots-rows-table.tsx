import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import type { Theme } from '@mui/material/styles';
import type { OtsDraftRow, OtsFields, OtsStatus } from '@lectern/contract';
import { Badge, type BadgeColor } from '../../../components/badge';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { rowPending, type OtsDraft } from '../hooks/use-ots-drafts';

/** The editable fields, their column titles and the contract's length limits. */
export const OTS_FIELDS: readonly { field: keyof OtsFields; title: string; maxLength: number; width: string }[] = [
  { field: 'productLabel', title: 'Product label', maxLength: 120, width: '34%' },
  { field: 'packageCode', title: 'Package code', maxLength: 60, width: '22%' },
  { field: 'groupCode', title: 'Group code', maxLength: 60, width: '22%' },
];

/** Per row key, the message of each field that is wrong. */
export type RowErrors = Record<string, Partial<Record<keyof OtsFields, string>>>;

const STATUS_COLOURS: Record<OtsStatus, BadgeColor> = { CREATED: 'success', UPDATED: 'warning', DELETED: 'error' };

/** The id of a row's field, so the editor can move the focus to it. */
export function fieldId(subscriptionId: string, key: string, field: keyof OtsFields): string {
  return `ots-${subscriptionId}-${key}-${field}`;
}

export interface OtsRowsTableProps {
  subscriptionId: string;
  /** The subscription's label: the table's name. */
  label: string;
  rows: readonly OtsDraftRow[];
  draft: OtsDraft | undefined;
  errors: RowErrors;
  disabled: boolean;
  onEdit: (key: string, changes: Partial<OtsFields>) => void;
  onRemove: (key: string, index: number) => void;
}

/**
 * A subscription's one-time-sale products as a table of text fields with each row's status. A deleted
 * row stays, struck through and marked 'Deleted when you save', until the subscription is saved or
 * discarded.
 */
export function OtsRowsTable({
  subscriptionId,
  label,
  rows,
  draft,
  errors,
  disabled,
  onEdit,
  onRemove,
}: OtsRowsTableProps) {
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" aria-label={`One-time-sale products of ${label}`} sx={stackOnPhones}>
        <TableHead>
          <TableRow>
            {OTS_FIELDS.map(({ field, title, width }) => (
              <TableCell key={field} sx={{ width }}>
                {title}
              </TableCell>
            ))}
            <TableCell sx={{ width: '14%' }}>Status</TableCell>
            <TableCell align="right" sx={{ width: '8%' }}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={OTS_FIELDS.length + 2}>
                <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
                  No one-time-sale products yet. Use 'Add product' to add one.
                </Typography>
              </TableCell>
            </TableRow>
          )}
          {rows.map((row, index) => {
            const deleted = row.status === 'DELETED';
            const pending = rowPending(draft, row);
            const rowName = row.productLabel.trim() || `row ${index + 1}`;
            return (
              <TableRow
                key={row.key}
                data-testid={`ots-row-${row.key}`}
                data-status={row.status}
                sx={{
                  verticalAlign: 'top',
                  ...(pending && { boxShadow: (theme) => `inset 3px 0 0 ${theme.palette.warning.main}` }),
                  ...(deleted && { bgcolor: 'action.hover' }),
                }}
              >
                {OTS_FIELDS.map(({ field, title, maxLength }) => (
                  <TableCell key={field} data-label={title}>
                    {deleted ? (
                      <Box
                        component="del"
                        sx={{ display: 'inline-block', py: 1, color: 'text.secondary', overflowWrap: 'anywhere' }}
                      >
                        {row[field]}
                      </Box>
                    ) : (
                      <TextField
                        id={fieldId(subscriptionId, row.key, field)}
                        size="small"
                        fullWidth
                        value={row[field]}
                        disabled={disabled}
                        onChange={(event) => onEdit(row.key, { [field]: event.target.value })}
                        error={Boolean(errors[row.key]?.[field])}
                        helperText={errors[row.key]?.[field]}
                        autoComplete="off"
                        slotProps={{
                          htmlInput: { maxLength, 'aria-label': `${title}, row ${index + 1}` },
                        }}
                      />
                    )}
                  </TableCell>
                ))}
                <TableCell data-label="Status">
                  <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5, py: 0.5 }}>
                    <Badge color={STATUS_COLOURS[row.status]}>{row.status}</Badge>
                    {pending && (
                      <Typography variant="caption" color="text.secondary">
                        {deleted ? 'Deleted when you save' : 'Not saved'}
                      </Typography>
                    )}
                  </Box>
                </TableCell>
                <TableCell align="right" className="ots-actions">
                  {!deleted && (
                    <IconButton
                      aria-label={`Delete ${rowName}`}
                      onClick={() => onRemove(row.key, index)}
                      disabled={disabled}
                      size="small"
                    >
                      <DeleteOutline fontSize="small" />
                    </IconButton>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * From sm up a fixed-layout table; on a phone each product is a block of labelled fields (the column
 * titles stay for screen readers) with its delete button at the top right.
 */
const stackOnPhones = (theme: Theme) => ({
  tableLayout: 'fixed',
  [theme.breakpoints.down('sm')]: {
    '& thead': { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)' },
    '& tbody, & tr, & td': { display: 'block' },
    '& tbody tr[data-status]': { position: 'relative', py: 1, borderBottom: 1, borderColor: 'divider' },
    '& tbody tr:last-of-type': { borderBottom: 0 },
    '& td': { border: 0, py: 0.5 },
    '& td[data-label]::before': {
      content: 'attr(data-label)',
      display: 'block',
      mb: 0.5,
      fontSize: '0.75rem',
      fontWeight: 600,
      color: 'text.secondary',
    },
    '& td:first-of-type': { pr: 7 },
    '& td.ots-actions': { position: 'absolute', top: theme.spacing(1), right: theme.spacing(1), p: 0.5 },
  },
});
