import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';

/** The empty state of spec 1 §2. */
export const NOTIFICATIONS_EMPTY_TEXT = "There's nothing here...";

export function NotificationsEmpty() {
  return (
    <Box sx={{ py: 5, px: 2, textAlign: 'center', color: 'text.secondary' }}>
      <NotificationsNoneOutlined sx={{ fontSize: 40, opacity: 0.5 }} aria-hidden="true" />
      <Typography variant="body2" sx={{ mt: 1 }}>
        {NOTIFICATIONS_EMPTY_TEXT}
      </Typography>
    </Box>
  );
}
