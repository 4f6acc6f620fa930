import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import { errorMessage } from '../lib/query-client';

export interface QueryErrorAlertProps {
  /** The failed query (a TanStack Query result): its error is shown and Retry fetches it again. */
  query: { error: unknown; refetch: () => Promise<unknown> };
  sx?: SxProps<Theme>;
}

/** A load that failed: the error's message with a 'Retry' button. */
export function QueryErrorAlert({ query, sx }: QueryErrorAlertProps) {
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={() => void query.refetch()}>
          Retry
        </Button>
      }
    >
      {errorMessage(query.error)}
    </Alert>
  );
}
