import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { formatDuration, type LiveClass, plural } from '@lectern/contract';
import { Badge } from '../../../components/badge';
import { useConfirm } from '../../../components/confirm-dialog';
import { DrawerForm } from '../../../components/drawer-form';
import { useDeleteLiveClass, useRemoveRecording, useSetEnabled, useStartLiveClass } from '../api/live-class-mutations';
import { formatClassTime } from './class-time';
import { PROVIDER_LABELS, STATUS_LABELS, audienceText, isHeld, subjectText } from './live-class-display';
import { RecordingDialog } from './recording-dialog';
import { openStartUrl } from './start-window';

export interface ClassDetailsDrawerProps {
  open: boolean;
  liveClass: LiveClass;
  /** admins: show/hide, start, recordings, edit and delete; an instructor reads only */
  canManage: boolean;
  onEdit: (liveClass: LiveClass) => void;
  onClose: () => void;
}

/**
 * One class: when, what, for whom, who and where, its recording; for admins the actions open to
 * it (show or hide, start, attach or remove the recording, edit and delete while scheduled).
 */
export function ClassDetailsDrawer({ open, liveClass: opened, canManage, onEdit, onClose }: ClassDetailsDrawerProps) {
  // the class as the last action answered it (its version and state move with each)
  const [liveClass, setLiveClass] = useState(opened);
  const [attaching, setAttaching] = useState(false);
  const [startUrl, setStartUrl] = useState<string | null>(null);
  const setEnabled = useSetEnabled();
  const start = useStartLiveClass();
  const removeRecording = useRemoveRecording();
  const remove = useDeleteLiveClass();
  const { confirm, confirmDialog } = useConfirm();
  const scheduled = liveClass.status === 'SCHEDULED';

  async function toggle(enabled: boolean) {
    const result = await setEnabled.mutateAsync({ liveClassId: liveClass.liveClassId, enabled }).catch(() => null);
    if (result) setLiveClass(result.data);
  }

  async function goLive() {
    const { url, liveClass: started } = await openStartUrl(() =>
      start.mutateAsync(liveClass.liveClassId).then((r) => r.data),
    );
    if (started) setLiveClass(started);
    setStartUrl(url);
  }

  async function detach() {
    const ok = await confirm({
      title: 'Remove the recording?',
      message: `'${liveClass.recording?.videoName ?? ''}' is taken off ${liveClass.title}; its links stop playing. The video stays in the recordings list.`,
      confirmLabel: 'Remove',
      destructive: true,
    });
    if (!ok) return;
    const result = await removeRecording.mutateAsync(liveClass.liveClassId).catch(() => null);
    if (result) setLiveClass(result.data);
  }

  async function destroy() {
    const ok = await confirm({
      title: `Delete ${liveClass.title}?`,
      message: `The class of ${formatClassTime(liveClass.startTime, liveClass.endTime)} and its meeting are deleted. This cannot be undone.`,
      confirmLabel: 'Delete',
      destructive: true,
    });
    if (!ok) return;
    await remove.mutateAsync(liveClass.liveClassId).then(onClose, () => undefined);
  }

  const rows: [string, string][] = [
    [
      'When (India time)',
      `${formatClassTime(liveClass.startTime, liveClass.endTime)} (${liveClass.durationMinutes} min)`,
    ],
    ['Subject', subjectText(liveClass)],
    ['Batches and groups', audienceText(liveClass)],
    ['Teacher', liveClass.teacherName],
    [
      'Where',
      liveClass.classRoomType === 'offline'
        ? 'Offline, in the classroom'
        : `${liveClass.meetingAccountName ?? ''}${liveClass.provider ? ` (${PROVIDER_LABELS[liveClass.provider]})` : ''}`,
    ],
    ['Present at', `${liveClass.presentSharePercent}% of the length`],
    ['Invited', plural(liveClass.invitedCount, 'student')],
  ];

  return (
    <>
      <DrawerForm
        open={open}
        onClose={onClose}
        title={liveClass.title}
        subtitle={
          <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Badge color={liveClass.status === 'LIVE' ? 'error' : liveClass.status === 'ENDED' ? 'grey' : 'primary'}>
              {STATUS_LABELS[liveClass.status]}
            </Badge>
            {!liveClass.enabled && <Badge color="warning">Hidden from students</Badge>}
          </Box>
        }
        primaryLabel={canManage && scheduled ? 'Edit' : 'Close'}
        {...(canManage && scheduled
          ? { secondaryLabel: 'Delete', secondaryDestructive: true, onSecondary: () => void destroy() }
          : {})}
        onSubmit={(event) => {
          event.preventDefault();
          if (canManage && scheduled) onEdit(liveClass);
          else onClose();
        }}
      >
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
          {liveClass.description && <Typography variant="body2">{liveClass.description}</Typography>}
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '150px 1fr' },
              columnGap: 2,
              rowGap: 0.5,
              '& dt': { fontWeight: 600, color: 'text.secondary' },
              '& dd': { m: 0, mb: { xs: 1, sm: 0 } },
            }}
          >
            {rows.map(([term, value]) => (
              <Box key={term} sx={{ display: 'contents' }}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </Box>
            ))}
          </Box>
          {liveClass.thumbnailUrl && (
            <Box
              component="img"
              src={liveClass.thumbnailUrl}
              alt="The class's thumbnail"
              sx={{ width: 200, maxWidth: '100%', aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 1 }}
            />
          )}
          {canManage && (
            <Box>
              <FormControlLabel
                label="Show to students"
                control={
                  <Switch
                    checked={liveClass.enabled}
                    disabled={setEnabled.isPending}
                    onChange={(_e, checked) => void toggle(checked)}
                  />
                }
              />
              <Typography variant="body2" color="text.secondary">
                {liveClass.enabled
                  ? 'Students of its batches see it, join it and watch its recording.'
                  : 'Hidden: its join link and recording do not play.'}
              </Typography>
            </Box>
          )}
          {canManage && scheduled && liveClass.classRoomType === 'live' && (
            <Box>
              <Button variant="outlined" loading={start.isPending} onClick={() => void goLive()}>
                Start the class
              </Button>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                Starts the meeting and opens it in a new tab.
              </Typography>
            </Box>
          )}
          {startUrl && (
            <Link href={startUrl} target="_blank" rel="noopener noreferrer">
              Open the meeting <OpenInNewIcon sx={{ fontSize: 16, verticalAlign: '-3px' }} aria-hidden="true" />
            </Link>
          )}

          <Box>
            <Typography variant="h3" component="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
              Recording
            </Typography>
            {liveClass.recording ? (
              <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="body2" data-testid="attached-recording">
                  {liveClass.recording.videoName}
                  {liveClass.recording.durationSeconds
                    ? ` (${formatDuration(liveClass.recording.durationSeconds)})`
                    : ''}
                </Typography>
                {canManage && (
                  <Button color="error" onClick={() => void detach()}>
                    Remove recording
                  </Button>
                )}
              </Box>
            ) : (
              <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="body2" color="text.secondary">
                  No recording attached.
                </Typography>
                {canManage && (
                  <Button variant="outlined" onClick={() => setAttaching(true)}>
                    Attach recording
                  </Button>
                )}
              </Box>
            )}
          </Box>
          {isHeld(liveClass) && (
            <Link component={RouterLink} to={`/live-classes/insights?liveClassId=${liveClass.liveClassId}`}>
              See its attendance
            </Link>
          )}
        </Box>
      </DrawerForm>
      {canManage && (
        <RecordingDialog
          open={attaching}
          liveClass={liveClass}
          onClose={() => setAttaching(false)}
          onAttached={setLiveClass}
        />
      )}
      {confirmDialog}
    </>
  );
}
