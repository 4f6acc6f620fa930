import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import VideocamIcon from '@mui/icons-material/Videocam';
import {
  plural,
  GO_LIVE_EARLY_MINUTES,
  PAGES,
  formatIndiaTime,
  formatIndianNumber,
  liveClassMessage,
  type LiveClass,
} from '@lectern/contract';
import { Badge } from '../../../components/badge';
import { PageHeader } from '../../../components/page-header';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { VideoPlayer } from '../../../components/video-player';
import { useSession } from '../../../lib/session';
import { useAttendanceSummary } from '../api/get-attendance';
import { useSchedule } from '../api/get-live-classes';
import { useStartLiveClass } from '../api/live-class-mutations';
import { useNow } from '../hooks/use-now';
import { formatClassTime, formatCountdown } from './class-time';
import { audienceText, subjectText } from './live-class-display';
import { openStartUrl } from './start-window';

export const GO_LIVE_PATH = '/go-live';
const TITLE = PAGES.find((page) => page.path === GO_LIVE_PATH)?.pageName ?? 'Your Live Classes';
const EARLY_MS = GO_LIVE_EARLY_MINUTES * 60_000;
const NO_QUERY = {};

/** When a scheduled class may go live: from GO_LIVE_EARLY_MINUTES before its start until its end. */
export function canGoLive(liveClass: Pick<LiveClass, 'status' | 'startTime' | 'endTime'>, now: number): boolean {
  if (liveClass.status !== 'SCHEDULED') return false;
  return now >= Date.parse(liveClass.startTime) - EARLY_MS && now < Date.parse(liveClass.endTime);
}

/**
 * /go-live 'Your Live Classes' (INSTRUCTOR): the instructor's classes still to come, each with a
 * countdown and 'Go live' from GO_LIVE_EARLY_MINUTES before the start, which starts the meeting and
 * opens it in a new tab (a link when the browser blocks the tab); the classes held, each with its
 * recording and attendance.
 */
export default function GoLivePage() {
  const session = useSession();
  const userId = session?.user.userId ?? null;
  const classes = useSchedule(userId, NO_QUERY);
  const now = useNow(1000);
  const all = classes.data ?? [];
  const upcoming = all.filter((c) => c.status !== 'ENDED' && Date.parse(c.endTime) > now - 3600_000 * 6);
  const past = all.filter((c) => !upcoming.includes(c)).reverse();

  return (
    <>
      <PageHeader
        title={TITLE}
        subtitle={`Go live from ${GO_LIVE_EARLY_MINUTES} minutes before a class starts. Times are India time.`}
      />
      {classes.isError && <QueryErrorAlert query={classes} sx={{ mb: 2 }} />}
      <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 600, mb: 1.5 }}>
        Upcoming
      </Typography>
      {classes.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : upcoming.length === 0 ? (
        <Typography color="text.secondary">No classes scheduled for you.</Typography>
      ) : (
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' },
          }}
        >
          {upcoming.map((liveClass) => (
            <li key={liveClass.liveClassId}>
              <UpcomingClass liveClass={liveClass} now={now} />
            </li>
          ))}
        </Box>
      )}
      <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 600, mt: 4, mb: 1.5 }}>
        Held
      </Typography>
      {!classes.isPending && past.length === 0 && <Typography color="text.secondary">No classes held yet.</Typography>}
      {past.map((liveClass) => (
        <PastClass key={liveClass.liveClassId} liveClass={liveClass} />
      ))}
    </>
  );
}

function UpcomingClass({ liveClass, now }: { liveClass: LiveClass; now: number }) {
  const start = useStartLiveClass();
  const [opened, setOpened] = useState<{ url: string; blocked: boolean } | null>(null);
  const startsIn = Date.parse(liveClass.startTime) - now;
  const allowed = canGoLive(liveClass, now);
  const offline = liveClass.classRoomType === 'offline';

  async function goLive() {
    const result = await openStartUrl(() => start.mutateAsync(liveClass.liveClassId).then((r) => r.data));
    if (result.url) setOpened({ url: result.url, blocked: result.blocked });
  }

  const headingId = `class-${liveClass.liveClassId}`;
  return (
    <Card variant="outlined" component="article" aria-labelledby={headingId} sx={{ height: '100%' }}>
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
          <Typography id={headingId} variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
            {liveClass.title}
          </Typography>
          {liveClass.status === 'LIVE' ? (
            <Badge color="error">Live now</Badge>
          ) : offline ? (
            <Badge color="grey">Classroom</Badge>
          ) : null}
        </Box>
        <Typography variant="body2" color="text.secondary">
          {formatClassTime(liveClass.startTime, liveClass.endTime)} · {subjectText(liveClass)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {audienceText(liveClass)} · {plural(liveClass.invitedCount, 'student')}
        </Typography>
        {liveClass.status === 'LIVE' && liveClass.startedAt && (
          <Typography sx={{ mt: 1.5, fontWeight: 600 }}>Live since {formatIndiaTime(liveClass.startedAt)}</Typography>
        )}
        {liveClass.status === 'LIVE' && liveClass.joinUrl && !opened && (
          // a class already live cannot be started again: its meeting is rejoined at the join address
          <Button
            variant="outlined"
            href={liveClass.joinUrl}
            target="_blank"
            rel="noopener noreferrer"
            startIcon={<OpenInNewIcon />}
            sx={{ mt: 1.5 }}
          >
            Rejoin the meeting
          </Button>
        )}
        {liveClass.status === 'SCHEDULED' && (
          <Typography sx={{ mt: 1.5, fontWeight: 600 }} data-testid="countdown">
            {startsIn > 0 ? `Starts in ${formatCountdown(startsIn)}` : 'Started at its time'}
          </Typography>
        )}
        {!offline && liveClass.status === 'SCHEDULED' && (
          <Box sx={{ mt: 1.5, display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              startIcon={<VideocamIcon />}
              disabled={!allowed}
              loading={start.isPending}
              onClick={() => void goLive()}
            >
              Go live
            </Button>
            {!allowed && (
              <Typography variant="body2" color="text.secondary">
                {liveClassMessage('tooEarly', {
                  title: liveClass.title,
                  start: formatIndiaTime(liveClass.startTime),
                  from: formatIndiaTime(Date.parse(liveClass.startTime) - EARLY_MS),
                }).replace(`'${liveClass.title}' starts`, 'Starts')}
              </Typography>
            )}
          </Box>
        )}
        {opened && (
          <Alert severity={opened.blocked ? 'warning' : 'success'} sx={{ mt: 1.5 }}>
            {opened.blocked ? 'Your browser blocked the new tab. ' : 'The meeting opened in a new tab. '}
            <Link href={opened.url} target="_blank" rel="noopener noreferrer">
              Open the meeting
              <OpenInNewIcon sx={{ fontSize: 16, ml: 0.5, verticalAlign: '-3px' }} aria-hidden="true" />
            </Link>
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

function PastClass({ liveClass }: { liveClass: LiveClass }) {
  const [expanded, setExpanded] = useState(false);
  const summary = useAttendanceSummary(liveClass.classRoomType, expanded ? liveClass.liveClassId : null);
  const recording = liveClass.recording;
  return (
    <Accordion expanded={expanded} onChange={(_e, next) => setExpanded(next)} disableGutters variant="outlined">
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Box>
          <Typography sx={{ fontWeight: 600 }}>{liveClass.title}</Typography>
          <Typography variant="body2" color="text.secondary">
            {formatClassTime(liveClass.startTime, liveClass.endTime)} · {audienceText(liveClass)}
            {recording ? ' · recording' : ''}
          </Typography>
        </Box>
      </AccordionSummary>
      <AccordionDetails>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' } }}>
          <Box>
            {recording?.playbackUrl ? (
              <VideoPlayer
                src={recording.playbackUrl}
                hlsUrl={recording.playbackUrl}
                label={`Recording of ${liveClass.title}`}
              />
            ) : (
              <Typography variant="body2" color="text.secondary">
                {recording ? 'The recording does not play while the class is hidden.' : 'No recording attached yet.'}
              </Typography>
            )}
          </Box>
          <Box>
            <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
              Attendance
            </Typography>
            {summary.isPending ? (
              <Skeleton variant="rounded" height={80} />
            ) : summary.isError ? (
              <QueryErrorAlert query={summary} />
            ) : (
              <Box
                component="dl"
                sx={{
                  m: 0,
                  display: 'grid',
                  gridTemplateColumns: 'auto 1fr',
                  columnGap: 2,
                  '& dt': { color: 'text.secondary' },
                  '& dd': { m: 0, fontWeight: 600 },
                }}
              >
                <dt>Invited</dt>
                <dd>{formatIndianNumber(summary.data.invited)}</dd>
                <dt>Joined</dt>
                <dd>{formatIndianNumber(summary.data.joined)}</dd>
                <dt>Present</dt>
                <dd>
                  {formatIndianNumber(summary.data.present)} (at least {summary.data.presentSharePercent}% of{' '}
                  {summary.data.durationMinutes} min)
                </dd>
                <dt>Average</dt>
                <dd>{formatIndianNumber(summary.data.averageMinutes, 1)} min</dd>
              </Box>
            )}
            <Link
              component={RouterLink}
              to={`/live-classes/insights?liveClassId=${liveClass.liveClassId}`}
              sx={{ display: 'inline-block', mt: 1 }}
            >
              See every student
            </Link>
          </Box>
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}
