import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Avatar from '@mui/material/Avatar';
import Typography from '@mui/material/Typography';
import VideoLibraryOutlinedIcon from '@mui/icons-material/VideoLibraryOutlined';
import { formatDuration } from '@lectern/contract';
import { notify } from '../../../components/feedback/notify';
import { DEMO_BROWSER_TITLE, DemoVideoBrowser, type AddedDemoVideo } from './demo-video-browser';

/**
 * A 'Browse Demo Videos' button that opens the drawer, and the demo videos chosen so far under it
 * (each added with the snackbar 'Demo video added: <name>').
 */
export function DemoVideoPicker({
  value,
  onChange,
}: {
  value?: readonly AddedDemoVideo[];
  onChange?: (videos: AddedDemoVideo[]) => void;
}) {
  const [open, setOpen] = useState(false);
  const [own, setOwn] = useState<readonly AddedDemoVideo[]>([]);
  const chosen = value ?? own;

  function add(added: AddedDemoVideo) {
    // the same video twice is one entry, with the thumbnail chosen last
    const next = [...chosen.filter((item) => item.video.videoId !== added.video.videoId), added];
    if (value === undefined) setOwn(next);
    onChange?.(next);
    notify('success', `Demo video added: ${added.video.Name}`);
  }

  return (
    <Box>
      <Button variant="outlined" startIcon={<VideoLibraryOutlinedIcon />} onClick={() => setOpen(true)}>
        {DEMO_BROWSER_TITLE}
      </Button>
      {chosen.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          No demo videos chosen yet.
        </Typography>
      ) : (
        <List aria-label="Chosen demo videos" dense sx={{ mt: 1 }}>
          {chosen.map((item) => (
            <ListItem key={item.video.videoId} disableGutters>
              <ListItemAvatar>
                <Avatar variant="rounded" src={item.thumbnailUrl} alt="" sx={{ width: 64, height: 36, mr: 1.5 }} />
              </ListItemAvatar>
              <ListItemText
                primary={item.video.Name}
                secondary={formatDuration(item.video.videoDurationInSecond)}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <DemoVideoBrowser open={open} onClose={() => setOpen(false)} onAdd={add} />
    </Box>
  );
}
