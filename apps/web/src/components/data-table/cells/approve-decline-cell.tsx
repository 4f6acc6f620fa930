import Box from '@mui/material/Box';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import HighlightOffIcon from '@mui/icons-material/HighlightOff';
import { TooltipIconButton } from './tooltip-icon-button';

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
      <TooltipIconButton title={approveLabel} color="success" disabled={disabled} onClick={onApprove}>
        <CheckCircleOutlineIcon fontSize="small" />
      </TooltipIconButton>
      <TooltipIconButton title={declineLabel} color="error" disabled={disabled} onClick={onDecline}>
        <HighlightOffIcon fontSize="small" />
      </TooltipIconButton>
    </Box>
  );
}
