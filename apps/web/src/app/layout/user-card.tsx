import { useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { CONSTANTS, initials, type LoggedInUser, type Presence } from '@lectern/contract';

const PRESENCE_COLOURS: Record<Presence, string> = {
  online: '#22C55E',
  away: '#F59E0B',
  busy: '#EF4444',
  offline: '#9CA3AF',
};

const PRESENCE_KEY = 'lectern.presence';

function isPresence(value: string | null): value is Presence {
  return CONSTANTS.presence.some((presence) => presence === value);
}

function storedPresence(): Presence {
  try {
    const value = sessionStorage.getItem(PRESENCE_KEY);
    return isPresence(value) ? value : 'online';
  } catch {
    return 'online';
  }
}

/** The next presence in the cycle online -> away -> busy -> offline -> online. */
export function nextPresence(current: Presence): Presence {
  const index = CONSTANTS.presence.indexOf(current);
  return CONSTANTS.presence[(index + 1) % CONSTANTS.presence.length] ?? 'online';
}

/** The drawer's user block: avatar (image, or initials of the first two words) with a presence dot, name and e-mail. */
export function UserCard({ user }: { user: LoggedInUser }) {
  const [presence, setPresence] = useState<Presence>(storedPresence);
  const cycle = () => {
    const next = nextPresence(presence);
    setPresence(next);
    try {
      sessionStorage.setItem(PRESENCE_KEY, next);
    } catch {
      // presence is a nicety: keep it in memory only
    }
  };

  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', px: 2, pt: 3, pb: 2 }}
    >
      <Tooltip title="Change presence">
        {/* the name starts with the initials the avatar shows, so voice control finds the button by them */}
        <ButtonBase
          onClick={cycle}
          aria-label={`${user.image ? '' : `${initials(user.userName)} `}Presence: ${presence}`}
          sx={{ borderRadius: '50%' }}
        >
          <Badge
            overlap="circular"
            anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
            variant="dot"
            data-presence={presence}
            sx={{
              '& .MuiBadge-badge': {
                bgcolor: PRESENCE_COLOURS[presence],
                width: 14,
                height: 14,
                borderRadius: '50%',
                border: '2px solid #fff',
              },
            }}
          >
            <Avatar
              src={user.image ?? undefined}
              alt={user.userName}
              sx={{ width: 64, height: 64, bgcolor: 'primary.main', fontSize: '1.4rem', fontWeight: 600 }}
            >
              {initials(user.userName)}
            </Avatar>
          </Badge>
        </ButtonBase>
      </Tooltip>
      <Typography variant="subtitle1" sx={{ mt: 1.5, fontWeight: 700, maxWidth: '100%' }} noWrap>
        {user.userName}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: '100%' }} noWrap title={user.email}>
        {user.email}
      </Typography>
    </Box>
  );
}
