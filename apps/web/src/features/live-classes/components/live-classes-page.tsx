import { useCallback, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CalendarViewWeekIcon from '@mui/icons-material/CalendarViewWeek';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import InsightsIcon from '@mui/icons-material/Insights';
import ViewListIcon from '@mui/icons-material/ViewList';
import { LIVE_CLASS_STATUSES, PAGES, hasPermission, type LiveClass } from '@lectern/contract';
import { DataTable } from '../../../components/data-table';
import { FilterBar, useListController } from '../../../components/list';
import { PageHeader } from '../../../components/page-header';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { useSession } from '../../../lib/session';
import { useActiveBatches, useTeachers } from '../api/get-choices';
import { useSchedule } from '../api/get-live-classes';
import { useSetEnabled } from '../api/live-class-mutations';
import { LIVE_CLASSES_URL_KEY, LIVE_CLASS_FILTERS, LIVE_CLASS_PARAM_NAMES, scheduleQuery } from './live-class-list';
import { addDays, formatDay, indiaParts, indiaToday, weekStart } from './class-time';
import { ClassDetailsDrawer } from './class-details-drawer';
import { LiveClassDrawer } from './live-class-drawer';
import { STATUS_LABELS, batchLabel } from './live-class-display';
import { liveClassesTableConfig } from './live-classes-table';
import type { ThumbnailPickerSlot } from './slots';
import { WeekCalendar } from './week-calendar';

export const LIVE_CLASSES_PATH = '/live-classes';
const TITLE = PAGES.find((page) => page.path === LIVE_CLASSES_PATH)?.pageName ?? 'Live Classes';

type Drawer =
  | { kind: 'details'; liveClass: LiveClass; key: number; open: boolean }
  | { kind: 'edit'; liveClass: LiveClass | null; key: number; open: boolean };

/**
 * /live-classes: the schedule as a week calendar (a day list on a phone) or a list, filtered by
 * batch, teacher and status (in the URL). Admins schedule, change, show or hide, start, give or take
 * recordings and delete; an INSTRUCTOR sees their own classes, read only.
 */
export default function LiveClassesPage({ thumbnailPicker }: { thumbnailPicker: ThumbnailPickerSlot }) {
  const session = useSession();
  const roles = session?.roles ?? [];
  const canManage = hasPermission(roles, 'liveClassManage');
  const instructorId = canManage ? 'all' : (session?.user.userId ?? null);
  const list = useListController({
    schema: LIVE_CLASS_FILTERS,
    urlKey: LIVE_CLASSES_URL_KEY,
    paramNames: LIVE_CLASS_PARAM_NAMES,
    keep: ['view', 'week'],
  });
  const { filters, setFilters, filtered } = list;
  const query = useMemo(() => scheduleQuery(filters), [filters]);
  const classes = useSchedule(instructorId, query);
  const teachers = useTeachers(canManage);
  const batches = useActiveBatches(canManage);
  const setEnabled = useSetEnabled();
  const [drawer, setDrawer] = useState<Drawer | null>(null);
  const today = indiaToday();

  const open = useCallback(
    (liveClass: LiveClass) =>
      setDrawer((previous) => ({ kind: 'details', liveClass, key: (previous?.key ?? 0) + 1, open: true })),
    [],
  );
  const edit = useCallback(
    (liveClass: LiveClass | null) =>
      setDrawer((previous) => ({ kind: 'edit', liveClass, key: (previous?.key ?? 0) + 1, open: true })),
    [],
  );
  const toggle = useCallback(
    (liveClass: LiveClass, enabled: boolean) =>
      void setEnabled.mutateAsync({ liveClassId: liveClass.liveClassId, enabled }).catch(() => undefined),
    [setEnabled],
  );
  const config = useMemo(
    () => liveClassesTableConfig({ open, toggle: canManage ? toggle : undefined, filtered }),
    [open, toggle, canManage, filtered],
  );
  const rows = useMemo(() => classes.data ?? [], [classes.data]);
  const close = () => setDrawer((previous) => (previous ? { ...previous, open: false } : null));
  // a new class starts on the week shown: today when it is this week, else its Monday
  const newDay = filters.week === weekStart(today) ? today : filters.week;

  // an instructor's batches are those of their classes (the batch list is the admins')
  const batchChoices = canManage
    ? (batches.data ?? []).map((b) => ({ id: b.batchId, name: batchLabel(b.batchId, b.batchName, batches.data) }))
    : [
        ...new Map(
          rows.flatMap((c) => c.batches).map((b) => [b.batchId, { id: b.batchId, name: b.batchName }]),
        ).values(),
      ];

  return (
    <>
      <PageHeader
        title={TITLE}
        subtitle={
          canManage
            ? 'Schedule classes for batches and groups, on a meeting account or in a classroom. Times are India time.'
            : 'Your classes, as scheduled by the admins. Times are India time.'
        }
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button component={RouterLink} to="/live-classes/insights" variant="outlined" startIcon={<InsightsIcon />}>
              Insights
            </Button>
            {canManage && (
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => edit(null)}>
                Schedule class
              </Button>
            )}
          </Box>
        }
      />
      <FilterBar
        label="Filter classes"
        leading={
          <ToggleButtonGroup
            exclusive
            size="small"
            value={filters.view}
            onChange={(_e, view: 'calendar' | 'list' | null) => view && setFilters({ view })}
            aria-label="View"
            sx={{ '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.primary' } }}
          >
            <ToggleButton value="calendar">
              <CalendarViewWeekIcon fontSize="small" sx={{ mr: 0.5 }} aria-hidden="true" /> Week
            </ToggleButton>
            <ToggleButton value="list">
              <ViewListIcon fontSize="small" sx={{ mr: 0.5 }} aria-hidden="true" /> List
            </ToggleButton>
          </ToggleButtonGroup>
        }
        selects={[
          {
            key: 'batchId',
            label: 'Batch',
            anyLabel: 'Any batch',
            options: batchChoices.map((b) => ({ value: b.id, label: b.name })),
          },
          ...(canManage
            ? [
                {
                  key: 'teacherId' as const,
                  label: 'Teacher',
                  anyLabel: 'Any teacher',
                  options: (teachers.data ?? []).map((t) => ({ value: t.teacherId, label: t.name })),
                },
              ]
            : []),
          {
            key: 'status',
            label: 'Status',
            anyLabel: 'Any status',
            options: LIVE_CLASS_STATUSES.map((s) => ({ value: s.toLowerCase(), label: STATUS_LABELS[s] })),
          },
        ]}
        values={filters}
        onChange={list.setFilter}
        onClear={list.clear}
        filtered={filtered}
        selectWidth={180}
      />

      {filters.view === 'calendar' ? (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
            <IconButton aria-label="Previous week" onClick={() => setFilters({ week: addDays(filters.week, -7) })}>
              <ChevronLeftIcon />
            </IconButton>
            <IconButton aria-label="Next week" onClick={() => setFilters({ week: addDays(filters.week, 7) })}>
              <ChevronRightIcon />
            </IconButton>
            <Button size="small" variant="outlined" onClick={() => setFilters({ week: null })}>
              Today
            </Button>
            <Typography component="h2" variant="h6" sx={{ fontSize: '1.05rem', ml: 1 }} aria-live="polite">
              {formatDay(filters.week)} to {formatDay(addDays(filters.week, 6))}
            </Typography>
          </Box>
          {classes.isError ? (
            <QueryErrorAlert query={classes} />
          ) : (
            <Box sx={{ position: 'relative' }}>
              {classes.isFetching && (
                <LinearProgress
                  sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }}
                  aria-label="Loading classes"
                />
              )}
              <WeekCalendar week={filters.week} classes={rows} today={today} onOpen={open} />
              {!classes.isPending && rows.length === 0 && (
                <Typography color="text.secondary" sx={{ mt: 1.5 }}>
                  {filtered ? 'No classes this week match these filters.' : 'No classes this week.'}
                </Typography>
              )}
            </Box>
          )}
        </>
      ) : (
        <DataTable
          config={config}
          rows={rows}
          {...list.table}
          loading={classes.isPending}
          error={classes.isError ? <QueryErrorAlert query={classes} /> : undefined}
        />
      )}

      {drawer?.kind === 'details' && (
        <ClassDetailsDrawer
          key={`details-${drawer.key}`}
          open={drawer.open}
          liveClass={rows.find((c) => c.liveClassId === drawer.liveClass.liveClassId) ?? drawer.liveClass}
          canManage={canManage}
          onEdit={edit}
          onClose={close}
        />
      )}
      {drawer?.kind === 'edit' && canManage && (
        <LiveClassDrawer
          key={`edit-${drawer.key}`}
          open={drawer.open}
          liveClass={drawer.liveClass}
          defaultDay={drawer.liveClass ? indiaParts(drawer.liveClass.startTime).day : newDay}
          thumbnailPicker={thumbnailPicker}
          onClose={close}
        />
      )}
    </>
  );
}
