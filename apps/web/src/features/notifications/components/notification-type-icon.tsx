import Avatar from '@mui/material/Avatar';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import MovieFilterOutlined from '@mui/icons-material/MovieFilterOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import type { StaffNotification } from '../api/get-notifications';

type NotificationType = StaffNotification['type'];
type IconComponent = typeof InfoOutlined;

const ICONS: Record<NotificationType, { Icon: IconComponent; color: string; background: string; label: string }> = {
  INFO: { Icon: InfoOutlined, color: '#2563EB', background: '#E8F0FE', label: 'Information' },
  SUCCESS: { Icon: CheckCircleOutlined, color: '#0E9F6E', background: '#E3F8EF', label: 'Success' },
  WARNING: { Icon: WarningAmberOutlined, color: '#B45309', background: '#FEF3E2', label: 'Warning' },
  ERROR: { Icon: ErrorOutlined, color: '#DC2626', background: '#FDECEC', label: 'Error' },
  SUBJECT: { Icon: MenuBookOutlined, color: '#5850EC', background: '#EEEDFD', label: 'Subject' },
  UPLOAD: { Icon: CloudUploadOutlined, color: '#0891B2', background: '#E2F6FA', label: 'Upload' },
  TRANSCODING: { Icon: MovieFilterOutlined, color: '#7C3AED', background: '#F1EAFE', label: 'Transcoding' },
  USER: { Icon: PersonOutlined, color: '#475569', background: '#EEF1F5', label: 'User' },
};

/** A round icon for a notification's type. */
export function NotificationTypeIcon({ type }: { type: NotificationType }) {
  const { Icon, color, background, label } = ICONS[type];
  return (
    <Avatar sx={{ width: 36, height: 36, bgcolor: background, color }} aria-label={label} role="img">
      <Icon fontSize="small" />
    </Avatar>
  );
}
