import { useMemo } from 'react';

import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PAGES, formatIndianNumber, hasPermission, type LiveClass, plural } from '@lectern/contract';
import { PageHeader } from '../../../components/page-header';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { SectionCard } from '../../../components/section-card';
import { useSession } from '../../../lib/session';
import { useAttendanceSummary, useBatchAttendance } from '../api/get-attendance';
import { useActiveBatches } from '../api/get-choices';
import { useSchedule } from '../api/get-live-classes';
import { formatClassTime } from './class-time';
import { ImportZoomCsv } from './import-zoom-csv';
import { batchLabel, isHeld } from './live-class-display';
import { OfflineMarking } from './offline-marking';
import { StudentAttendanceTable } from './student-attendance-table';
import { UnmatchedParticipants } from './unmatched-participants';
import { BatchChart, TimelineChart } from './attendance-charts';
import { useUrlSearchParams } from '../../../hooks/use-url-search-params';

export const INSIGHTS_PATH = '/live-classes/insights';
const TITLE = PAGES.find((page) => page.path === INSIGHTS_PATH)?.pageName ?? 'Live Class Insights';
const NO_QUERY = {};

// the batch chart's place while its attendance loads
const chartFallback = <Skeleton variant="rounded" height={260} aria-label="Loading the chart" />;

/**
 * /live-classes/insights: choose a held class (in the URL; the latest held until one is chosen or the box is cleared) for its figures, who was in class over
 * time, every student's attendance with why (exported as CSV), the participants to match by hand
 * and the import of Zoom's participants CSV; an offline class's marking; a batch's attendance
 * across its classes.
 */
export default function InsightsPage() {
  const session = useSession();
  const roles = session?.roles ?? [];
  const canManage = hasPermission(roles, 'liveClassManage');
  const instructorId = canManage ? 'all' : (session?.user.userId ?? null);
  const classes = useSchedule(instructorId, NO_QUERY);
  // batch staff's list names each batch with its branch; an instructor has the names of their classes
  const batches = useActiveBatches(canManage);
  const [params, setParams] = useUrlSearchParams();
  const liveClassId = params.get('liveClassId');
  const batchId = params.get('batch');
  const held = useMemo(() => (classes.data ?? []).filter(isHeld).reverse(), [classes.data]);
  // Until a class is chosen the screen shows the latest held to its end (else the latest going on). A
  // cleared box is an empty choice in the URL, so clearing it (as typing a new title does) shows nothing.
  const latest = held.find((c) => c.status === 'ENDED') ?? held[0];
  const shownId = liveClassId ?? latest?.liveClassId;
  const chosen = held.find((c) => c.liveClassId === shownId) ?? null;

  function choose(next: { liveClassId?: string | null; batch?: string | null }) {
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(next)) {
          // '' stays: an empty choice the user made
          if (value != null) updated.set(key, value);
          else updated.delete(key);
        }
        return updated;
      },
      { replace: true },
    );
  }

  const batchChoices = useMemo(
    () => [...new Map((classes.data ?? []).flatMap((c) => c.batches).map((b) => [b.batchId, b] as const)).values()],
    [classes.data],
  );

  return (
    <>
      <PageHeader
        title={TITLE}
        back="/live-classes"
        subtitle="Who came to each class and for how long; a student is present at the class's share of its length."
      />
      {classes.isError && <QueryErrorAlert query={classes} sx={{ mb: 2 }} />}
      <Autocomplete<LiveClass>
        options={held}
        value={chosen}
        loading={classes.isPending}
        onChange={(_e, option) => choose({ liveClassId: option?.liveClassId ?? '' })}
        getOptionLabel={(c) => `${c.title} · ${formatClassTime(c.startTime, c.endTime)}`}
        isOptionEqualToValue={(a, b) => a.liveClassId === b.liveClassId}
        noOptionsText="No class has been held yet."
        sx={{ maxWidth: 640, mb: 3 }}
        renderInput={(params) => <TextField {...params} label="Class" helperText="Classes held, latest first." />}
      />
      {chosen ? (
        <ClassInsights key={chosen.liveClassId} liveClass={chosen} canManage={canManage} />
      ) : (
        !classes.isPending && (
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {liveClassId && classes.data
              ? 'That class has not been held, or is not yours.'
              : 'Choose a class to see its attendance.'}
          </Typography>
        )
      )}

      <SectionCard title="A batch across its classes">
        <TextField
          select
          size="small"
          label="Batch"
          value={batchId ?? ''}
          onChange={(e) => choose({ batch: e.target.value || null })}
          sx={{ minWidth: 240, width: { xs: '100%', sm: 'auto' }, mb: 2 }}
        >
          <MenuItem value="">Choose a batch</MenuItem>
          {batchChoices.map((b) => (
            <MenuItem key={b.batchId} value={b.batchId}>
              {batchLabel(b.batchId, b.batchName, batches.data)}
            </MenuItem>
          ))}
        </TextField>
        {batchId && <BatchAttendanceChart batchId={batchId} />}
      </SectionCard>
    </>
  );
}

function ClassInsights({ liveClass, canManage }: { liveClass: LiveClass; canManage: boolean }) {
  const summary = useAttendanceSummary(liveClass.classRoomType, liveClass.liveClassId);
  const live = liveClass.classRoomType === 'live';
  if (summary.isPending) return <Skeleton variant="rounded" height={200} sx={{ mb: 3 }} />;
  if (summary.isError) return <QueryErrorAlert query={summary} sx={{ mb: 3 }} />;
  const data = summary.data;
  const figures = [
    { label: 'Invited', value: formatIndianNumber(data.invited) },
    { label: 'Joined', value: formatIndianNumber(data.joined) },
    { label: 'Present', value: formatIndianNumber(data.present) },
    { label: 'Average minutes', value: formatIndianNumber(data.averageMinutes, 1) },
    ...(live ? [{ label: 'To match by hand', value: formatIndianNumber(data.unmatched) }] : []),
  ];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, mb: 3 }}>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: `repeat(${figures.length}, 1fr)` },
        }}
      >
        {figures.map((f) => (
          <Box
            key={f.label}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, bgcolor: 'background.paper' }}
          >
            <Typography component="dt" variant="body2" color="text.secondary">
              {f.label}
            </Typography>
            <Typography
              component="dd"
              sx={{ m: 0, fontSize: '1.5rem', fontWeight: 700 }}
              data-testid={`figure-${f.label}`}
            >
              {f.value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: -1.5 }}>
        {formatClassTime(liveClass.startTime, liveClass.endTime)} · present at {data.presentSharePercent}% of{' '}
        {plural(data.durationMinutes, 'minute')}.
      </Typography>
      {live && (
        <SectionCard title="People in class over time">
          {data.timeline.length === 0 ? (
            <Typography color="text.secondary">No one has joined yet: import the participants.</Typography>
          ) : (
            <TimelineChart summary={data} />
          )}
        </SectionCard>
      )}
      {live && canManage && <ImportZoomCsv liveClass={liveClass} />}
      {live && data.unmatched > 0 && <UnmatchedParticipants liveClass={liveClass} canManage={canManage} />}
      {!live && <OfflineMarking liveClass={liveClass} />}
      <StudentAttendanceTable liveClass={liveClass} />
    </Box>
  );
}

function BatchAttendanceChart({ batchId }: { batchId: string }) {
  const attendance = useBatchAttendance(batchId);
  if (attendance.isPending) return chartFallback;
  if (attendance.isError) return <QueryErrorAlert query={attendance} />;
  if (attendance.data.classes.length === 0) {
    return <Typography color="text.secondary">{attendance.data.batchName} has no classes held yet.</Typography>;
  }
  return <BatchChart attendance={attendance.data} />;
}
