import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import HighlightOffIcon from '@mui/icons-material/HighlightOff';

/** Approve and decline icon buttons. */
export function ApproveDeclineCell({
  onApprove,
  onDecline,
  approveLabel = 'Approve',
  declineLabel = 'Decline',
  disabled = false,
}: {
  onApprove: () => void;
  onDecline: () => void;
  approveLabel?: string;
  declineLabel?: string;
  disabled?: boolean;
}) {
  return (
    <Box sx={{ display: 'inline-flex', gap: 0.5 }}>
      <Tooltip title={approveLabel}>
        <span>
          <IconButton aria-label={approveLabel} color="success" size="small" disabled={disabled} onClick={onApprove}>
            <CheckCircleOutlineIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={declineLabel}>
        <span>
          <IconButton aria-label={declineLabel} color="error" size="small" disabled={disabled} onClick={onDecline}>
            <HighlightOffIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}
