import Alert from '@mui/material/Alert';

/** Why the editing controls on this page are switched off (under review, or not the user's to change). */
export function EditNotice({ reason }: { reason: string | null }) {
  if (!reason) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }} data-testid="edit-notice">
      {reason}
    </Alert>
  );
}
