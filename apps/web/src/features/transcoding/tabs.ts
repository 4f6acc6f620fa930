import type { JobCounts } from '@lectern/contract';
import type { JobListSource } from './api/get-job-list';

/** What a row selection can do on a tab. */
export type TabAction = 'submit' | 'cancel';

export interface JobTab {
  /** the tab's value in the URL (?tab=running) */
  key: string;
  label: string;
  /** its number in the counts */
  count: keyof JobCounts;
  source: JobListSource;
  action: TabAction;
  /** the table's empty text */
  empty: string;
  /** rows are read again this often, so progress moves on its own */
  refetchMs?: number;
}

/** How often the running list is read again. */
export const RUNNING_REFRESH_MS = 2_000;

/** The manager's list tabs, in order (spec 2 §3: to-be-transcoded, to-be-re-transcoded and the five job lists). */
export const JOB_TABS: readonly JobTab[] = [
  {
    key: 'to-be-transcoded',
    label: 'To be transcoded',
    count: 'toBeTranscoded',
    source: { kind: 'videos', videoType: 'new' },
    action: 'submit',
    empty: 'No videos waiting to be transcoded.',
  },
  {
    key: 're-transcode',
    label: 'To be re-transcoded',
    count: 'toBeReTranscoded',
    source: { kind: 'videos', videoType: 're-transcode' },
    action: 'submit',
    empty: 'No videos waiting to be re-transcoded.',
  },
  {
    key: 'submitted',
    label: 'Submitted',
    count: 'submitted',
    source: { kind: 'jobs', list: 'submitted' },
    action: 'cancel',
    empty: 'No submitted jobs.',
  },
  {
    key: 'running',
    label: 'Running',
    count: 'running',
    source: { kind: 'jobs', list: 'running' },
    action: 'cancel',
    empty: 'No running jobs.',
    refetchMs: RUNNING_REFRESH_MS,
  },
  {
    key: 'finished',
    label: 'Finished',
    count: 'finished',
    source: { kind: 'jobs', list: 'finished' },
    action: 'submit',
    empty: 'No finished jobs.',
  },
  {
    key: 'errored',
    label: 'Errored',
    count: 'errored',
    source: { kind: 'jobs', list: 'errored' },
    action: 'submit',
    empty: 'No errored jobs.',
  },
  {
    key: 'cancelled',
    label: 'Cancelled',
    count: 'cancelled',
    source: { kind: 'jobs', list: 'cancelled' },
    action: 'submit',
    empty: 'No cancelled jobs.',
  },
];

export const RECORDINGS_TAB = { key: 'recordings', label: 'Recordings' } as const;
