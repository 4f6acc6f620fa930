import { useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import CloudDoneOutlinedIcon from '@mui/icons-material/CloudDoneOutlined';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import PauseCircleOutlineIcon from '@mui/icons-material/PauseCircleOutline';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import ScheduleIcon from '@mui/icons-material/Schedule';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import { formatBytes, shortenFileName, plural } from '@lectern/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { refreshPreviewVideos, refreshSubjectVideos } from '../../../lib/query-keys';
import { uploadQueue as defaultQueue } from '../../../lib/uploads/default-queue';
import { queueCounts, type UploadItem, type UploadQueue, type UploadStatus } from '../../../lib/uploads/upload-queue';
import { useQueueState } from '../../../lib/uploads/use-upload-queue';
import { uploadAnnouncements, type Announced } from './upload-announcements';

/** How each state reads and looks in a row. */
export const STATUS_LOOK: Record<
  UploadStatus,
  { label: string; Icon: ComponentType<SvgIconProps>; color: SvgIconProps['color'] }
> = {
  queued: { label: 'Queued', Icon: ScheduleIcon, color: 'action' },
  uploading: { label: 'Uploading', Icon: CloudUploadOutlinedIcon, color: 'primary' },
  uploadedToS3: { label: 'Uploaded to storage', Icon: CloudDoneOutlinedIcon, color: 'primary' },
  failed: { label: 'Upload failed', Icon: ErrorOutlineIcon, color: 'error' },
  registering: { label: 'Registering', Icon: HourglassEmptyIcon, color: 'primary' },
  uploadedToDb: { label: 'Registered', Icon: CheckCircleIcon, color: 'success' },
  registrationFailed: { label: 'Registration failed', Icon: ReportProblemOutlinedIcon, color: 'warning' },
  cancelled: { label: 'Cancelled', Icon: BlockIcon, color: 'disabled' },
  interrupted: { label: 'Interrupted', Icon: PauseCircleOutlineIcon, color: 'warning' },
};

/** The progress ring: a determinate CircularProgress with the percentage inside. */
function ProgressRing({ value, label }: { value: number; label: string }) {
  return (
    <Box sx={{ position: 'relative', display: 'inline-flex', flexShrink: 0 }}>
      <CircularProgress
        variant="determinate"
        value={100}
        size={44}
        thickness={4}
        aria-hidden
        sx={{ color: 'action.hover', position: 'absolute' }}
      />
      {/* No stroke transition: with the ring moving five times a second it would animate (and repaint)
          without pause, which took ~1 CPU-second per GiB uploaded from the browser's upload itself. */}
      <CircularProgress
        variant="determinate"
        value={value}
        size={44}
        thickness={4}
        aria-label={label}
        sx={{ '& .MuiCircularProgress-circle': { transition: 'none' } }}
      />
      <Box sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Typography component="span" sx={{ fontSize: '0.6875rem', fontWeight: 600 }} color="text.secondary">
          {`${value}%`}
        </Typography>
      </Box>
    </Box>
  );
}

/**
 * What an interrupted row (an upload of an earlier page) offers: 'Resume' where the browser may be
 * allowed to read the file again through its handle, 'Choose file' always, and 'Remove'.
 */
function InterruptedActions({ item, queue }: { item: UploadItem; queue: UploadQueue }) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  return (
    <>
      <Typography id={hintId} variant="caption" component="p" sx={{ overflowWrap: 'anywhere' }}>
        {item.needsPermission
          ? 'Resume to let the browser read the file again, or choose the file again to resume.'
          : 'Choose the file again to resume.'}
      </Typography>
      {item.refusal && (
        <Typography role="alert" variant="caption" color="error" component="p" sx={{ overflowWrap: 'anywhere' }}>
          {item.refusal}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
        {item.needsPermission && (
          <Button
            size="small"
            variant="contained"
            aria-label={`Resume ${item.fileName}`}
            onClick={() => void queue.resume(item.uuid)}
          >
            Resume
          </Button>
        )}
        <Button
          size="small"
          variant={item.needsPermission ? 'outlined' : 'contained'}
          aria-label={`Choose file: ${item.fileName}`}
          aria-describedby={hintId}
          onClick={() => input.current?.click()}
        >
          Choose file
        </Button>
        <Button
          size="small"
          color="inherit"
          aria-label={`Remove ${item.fileName}`}
          onClick={() => queue.remove(item.uuid)}
        >
          Remove
        </Button>
      </Box>
      {/* the button above opens it; hidden, so it is not a second stop for the keyboard */}
      <input
        ref={input}
        type="file"
        accept="video/*"
        hidden
        tabIndex={-1}
        aria-label={`Choose ${item.fileName} to resume`}
        data-testid="resume-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) queue.resumeWithFile(item.uuid, file);
        }}
      />
    </>
  );
}

function UploadRow({
  item,
  queue,
  onCancel,
}: {
  item: UploadItem;
  queue: UploadQueue;
  onCancel: (id: string) => void;
}) {
  const look = STATUS_LOOK[item.status];
  const cancellable = item.status === 'queued' || item.status === 'uploading';
  return (
    <Box
      component="li"
      data-testid="upload-row"
      data-id={item.id}
      data-uuid={item.uuid}
      data-name={item.fileName}
      data-status={item.status}
      data-progress={item.progressNum}
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1, minWidth: 0 }}
    >
      <ProgressRing value={item.progressNum} label={`Progress of ${item.fileName}`} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" noWrap title={item.fileName} sx={{ fontWeight: 500 }}>
          {shortenFileName(item.fileName)}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p" noWrap>
          {formatBytes(item.size)} · {look.label}
          {item.resumed && item.status === 'uploading' ? ' (resumed)' : ''}
        </Typography>
        {item.error && (item.status === 'failed' || item.status === 'registrationFailed') && (
          <Typography variant="caption" color="error" component="p" sx={{ overflowWrap: 'anywhere' }}>
            {item.error}
          </Typography>
        )}
        {item.status === 'interrupted' && <InterruptedActions item={item} queue={queue} />}
      </Box>
      <Tooltip title={look.label}>
        <look.Icon color={look.color} fontSize="small" titleAccess={look.label} />
      </Tooltip>
      {cancellable && (
        <IconButton size="small" aria-label={`Cancel ${item.fileName}`} onClick={() => onCancel(item.id)}>
          <CloseIcon fontSize="small" />
        </IconButton>
      )}
    </Box>
  );
}

/**
 * The floating upload panel (spec 1 §2): shown while files are queued, 'N items in progress', can
 * collapse; 'FIX FAILURES (n)', 'Upload All', 'Clear Uploaded', 'Clear All'; a row per file.
 * After each registration it refreshes the lists that show the file: the subject's, or the catalogue's
 * preview videos and the demo browser's folders.
 */
export function UploadPanel({ queue = defaultQueue }: { queue?: UploadQueue }) {
  const { items } = useQueueState(queue);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  // Open unless chosen otherwise; on a phone a finished queue folds to its title bar by itself. A choice
  // holds while the queue stays as it was (busy or finished).
  const [chosen, setChosen] = useState<{ finished: boolean; open: boolean } | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);
  const queryClient = useQueryClient();
  const listId = useId();

  useEffect(
    () =>
      queue.onRegistered((item) => {
        if (item.target.type === 'subject') refreshSubjectVideos(queryClient, item.target.subjectId);
        else refreshPreviewVideos(queryClient, item.target.catalogueId);
      }),
    [queue, queryClient],
  );

  const spoken = useSpokenProgress(queue);
  const counts = queueCounts(items);
  const finished = counts.inProgress === 0;

  if (items.length === 0) return null;
  const uploading = items.some((item) => item.status === 'uploading' || item.status === 'queued');
  const expanded = chosen?.finished === finished ? chosen.open : !(phone && finished);
  const setExpanded = (toggle: (open: boolean) => boolean) => setChosen({ finished, open: toggle(expanded) });

  return (
    <Paper
      component="section"
      aria-label="Uploads"
      elevation={8}
      sx={{
        position: 'fixed',
        zIndex: (theme) => theme.zIndex.drawer + 50,
        right: { xs: 8, sm: 24 },
        left: { xs: 8, sm: 'auto' },
        bottom: { xs: 8, sm: 24 },
        width: { sm: 520 },
        maxWidth: 'calc(100vw - 16px)',
        borderRadius: 2,
        overflow: 'hidden',
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          pl: 2,
          pr: 1,
          py: 1,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
        }}
      >
        <Typography component="h2" variant="subtitle1" sx={{ flex: 1, fontWeight: 600 }} aria-live="polite">
          {`${plural(counts.inProgress, 'item')} in progress`}
          {counts.interrupted > 0 ? ` · ${counts.interrupted} to resume` : ''}
        </Typography>
        {/* progress in quarters and how each file ended, for screen readers (the rings change every percent) */}
        <VisuallyHidden role="status" aria-live="polite" data-testid="upload-progress-spoken">
          {spoken.polite}
        </VisuallyHidden>
        <VisuallyHidden role="alert" aria-live="assertive">
          {spoken.assertive}
        </VisuallyHidden>
        <IconButton
          size="small"
          color="inherit"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-label={expanded ? 'Collapse uploads' : 'Expand uploads'}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? <ExpandMoreIcon /> : <ExpandLessIcon />}
        </IconButton>
      </Box>
      <Collapse in={expanded} id={listId}>
        <Box
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
        >
          <Button
            size="small"
            variant="contained"
            color="warning"
            disabled={counts.registrationFailed === 0}
            onClick={() => void queue.fixFailures()}
          >
            {`FIX FAILURES (${counts.registrationFailed})`}
          </Button>
          <Button size="small" variant="outlined" disabled={counts.failed === 0} onClick={() => queue.uploadAll()}>
            Upload All
          </Button>
          <Button size="small" disabled={counts.uploaded === 0} onClick={() => queue.clearUploaded()}>
            Clear Uploaded
          </Button>
          <Button size="small" color="error" onClick={() => (uploading ? setConfirmClear(true) : queue.clearAll())}>
            Clear All
          </Button>
        </Box>
        <Box
          component="ul"
          aria-label="Upload queue"
          sx={{ listStyle: 'none', m: 0, p: 0, maxHeight: { xs: '40vh', sm: '50vh' }, overflowY: 'auto' }}
        >
          {items.map((item) => (
            <UploadRow key={item.uuid} item={item} queue={queue} onCancel={(id) => queue.cancel(id)} />
          ))}
        </Box>
      </Collapse>
      <ConfirmDialog
        open={confirmClear}
        title="Clear all uploads?"
        message="Files still uploading will be cancelled."
        confirmLabel="Clear All"
        destructive
        onConfirm={() => queue.clearAll()}
        onClose={() => setConfirmClear(false)}
      />
    </Paper>
  );
}

/** The latest lines uploadAnnouncements gave for the queue, polite and assertive. */
function useSpokenProgress(queue: UploadQueue): { polite: string; assertive: string } {
  const [spoken, setSpoken] = useState({ polite: '', assertive: '' });
  const seen = useRef<ReadonlyMap<string, Announced>>(new Map());
  useEffect(() => {
    const listen = () => {
      const next = uploadAnnouncements(seen.current, queue.getSnapshot().items);
      seen.current = next.seen;
      if (next.polite.length === 0 && next.assertive.length === 0) return;
      setSpoken((previous) => ({
        polite: next.polite.join(' ') || previous.polite,
        assertive: next.assertive.join(' ') || previous.assertive,
      }));
    };
    listen();
    return queue.subscribe(listen);
  }, [queue]);
  return spoken;
}
