import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import {
  TRANSCODING_ENVIRONMENTS,
  TranscodingEnvironmentSchema,
  formatIndianNumber,
  hasPermission,
  type JobCounts,
} from '@lectern/contract';
import { PageHeader } from '../../../components/page-header';
import { TabPanel, tabProps } from '../../../components/tab-panel';
import { useSession } from '../../../lib/session';
import { useJobCounts } from '../api/get-job-counts';
import { useManagerState } from '../hooks/use-manager-state';
import { JOB_TABS, RECORDINGS_TAB } from '../tabs';
import { JobListPanel } from './job-list-panel';
import { RecordingsPanel } from './recordings-panel';

const TAB_PREFIX = 'transcoding';

// 'Running (3)', as the subject groups show their counts; the label alone until the counts arrive
const tabLabel = (label: string, count: number | undefined) =>
  count === undefined ? label : `${label} (${formatIndianNumber(count)})`;

/**
 * /transcoding-manager: the transcoding queue (spec 2 §3, §7). A tab per list with its count (read
 * every 5 s): videos to transcode or re-transcode, and the submitted, running, finished, errored
 * and cancelled jobs of the chosen environment; plus the live-class recordings for those who may see
 * live classes.
 */
export default function TranscodingManagerPage() {
  const state = useManagerState();
  const roles = useSession()?.roles ?? [];
  const counts = useJobCounts(state.environment);
  const showRecordings = hasPermission(roles, 'liveClasses');

  const tabs = [
    ...JOB_TABS.map((tab) => ({ key: tab.key, label: tab.label })),
    ...(showRecordings ? [RECORDINGS_TAB] : []),
  ];
  const found = tabs.findIndex((tab) => tab.key === state.tab);
  const current = found === -1 ? 0 : found;
  const countOf = (key: keyof JobCounts) => counts.data?.[key];

  return (
    <>
      <PageHeader
        title="Transcoding Manager"
        actions={
          <TextField
            select
            size="small"
            label="Environment"
            value={state.environment ?? ''}
            onChange={(event) => {
              const parsed = TranscodingEnvironmentSchema.safeParse(event.target.value);
              if (parsed.success) state.setEnvironment(parsed.data);
            }}
            sx={{ minWidth: 180, width: { xs: '100%', sm: 'auto' } }}
          >
            {TRANSCODING_ENVIRONMENTS.map((environment) => (
              <MenuItem key={environment} value={environment}>
                {environment}
              </MenuItem>
            ))}
          </TextField>
        }
      />
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={current}
          onChange={(_event, index: number) => {
            const tab = tabs[index];
            if (tab) state.setTab(tab.key);
          }}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Transcoding lists"
          // compact tabs, and no room kept for an arrow that cannot scroll: all eight fit at 1440 px;
          // narrower screens scroll them
          sx={{
            '& .MuiTab-root': { minWidth: 0, px: 1 },
            '& .MuiTabs-scrollButtons.Mui-disabled': { display: 'none' },
          }}
        >
          {JOB_TABS.map((tab, index) => (
            <Tab key={tab.key} label={tabLabel(tab.label, countOf(tab.count))} {...tabProps(TAB_PREFIX, index)} />
          ))}
          {showRecordings && <Tab label={RECORDINGS_TAB.label} {...tabProps(TAB_PREFIX, JOB_TABS.length)} />}
        </Tabs>
      </Box>
      {JOB_TABS.map((tab, index) => (
        <TabPanel key={tab.key} idPrefix={TAB_PREFIX} index={index} value={current}>
          <JobListPanel tab={tab} state={state} />
        </TabPanel>
      ))}
      {showRecordings && (
        <TabPanel idPrefix={TAB_PREFIX} index={JOB_TABS.length} value={current}>
          <RecordingsPanel />
        </TabPanel>
      )}
    </>
  );
}
