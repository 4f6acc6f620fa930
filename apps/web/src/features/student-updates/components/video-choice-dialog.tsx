import { useDeferredValue, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import MovieOutlinedIcon from '@mui/icons-material/MovieOutlined';
import { formatDuration, type PlayableVideo } from '@lectern/contract';
import { Modal } from '../../../components/modal';
import { errorMessage } from '../../../lib/query-client';
import { usePlayableVideos } from '../api/get-update-choices';

export interface VideoChoiceDialogProps {
  open: boolean;
  title: string;
  /** the video chosen now, marked in the list */
  currentId?: string | null;
  /** the confirm button's text */
  chooseLabel?: string;
  onClose: () => void;
  /** gets the chosen video; a returned promise keeps the dialog busy, and open when it fails */
  onChoose: (video: PlayableVideo) => void | Promise<unknown>;
}

/**
 * A transcoded video to play, picked from playableVideos: searched by name (asked of the server),
 * each with its thumbnail, subject and duration; the choice is confirmed with the button.
 */
export function VideoChoiceDialog({
  open,
  title,
  currentId = null,
  chooseLabel = 'Choose video',
  onClose,
  onChoose,
}: VideoChoiceDialogProps) {
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search);
  const videos = usePlayableVideos(query, open);
  const [chosen, setChosen] = useState<PlayableVideo | null>(null);
  const [busy, setBusy] = useState(false);

  // opened again: afresh
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setSearch('');
      setChosen(null);
    }
  }

  async function choose() {
    if (!chosen) return;
    setBusy(true);
    try {
      await onChoose(chosen);
      onClose();
    } catch {
      // the caller shows why; the dialog stays for another try
    } finally {
      setBusy(false);
    }
  }

  const list = videos.data ?? [];
  return (
    <Modal
      open={open}
      onClose={() => {
        if (!busy) onClose();
      }}
      title={title}
      maxWidth="sm"
      fullScreenOnPhone
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="contained" disabled={!chosen} loading={busy} onClick={() => void choose()}>
            {chooseLabel}
          </Button>
        </>
      }
    >
      <TextField
        type="search"
        label="Search videos"
        fullWidth
        size="small"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        helperText="Transcoded videos only, by name."
        slotProps={{ htmlInput: { maxLength: 100 } }}
        sx={{ mt: 1 }}
      />
      <Box sx={{ minHeight: 4, mt: 1 }}>{videos.isFetching && <LinearProgress aria-label="Loading videos" />}</Box>
      {videos.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void videos.refetch()}>
              Retry
            </Button>
          }
        >
          {errorMessage(videos.error)}
        </Alert>
      ) : !videos.isPending && list.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {query.trim() ? `No transcoded videos match '${query.trim()}'.` : 'No transcoded videos yet.'}
        </Typography>
      ) : (
        <List aria-label="Videos" dense>
          {list.map((video) => {
            const selected = chosen ? chosen.videoId === video.videoId : video.videoId === currentId;
            return (
              <ListItem key={video.videoId} disablePadding>
                <ListItemButton
                  selected={selected}
                  aria-pressed={selected}
                  onClick={() => setChosen(video)}
                  sx={{ gap: 1.5, borderRadius: 1 }}
                >
                  <Box
                    sx={{
                      width: 96,
                      flexShrink: 0,
                      aspectRatio: '16 / 9',
                      borderRadius: 0.5,
                      overflow: 'hidden',
                      bgcolor: 'grey.300',
                      display: 'grid',
                      placeItems: 'center',
                    }}
                  >
                    {video.thumbnail ? (
                      <Box
                        component="img"
                        src={video.thumbnail}
                        alt=""
                        sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
                      />
                    ) : (
                      <MovieOutlinedIcon color="action" />
                    )}
                  </Box>
                  <ListItemText
                    primary={video.videoName}
                    secondary={[
                      video.subjectName ?? 'Preview video',
                      video.durationSeconds !== null ? formatDuration(video.durationSeconds) : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                    slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                  />
                  {selected && <CheckCircleIcon color="primary" aria-hidden />}
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      )}
    </Modal>
  );
}
